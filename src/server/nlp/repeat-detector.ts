import { createHash } from "node:crypto";
import { HANDLE_PATTERN, normalizeForAnalysis, unaccent } from "./normalize.ts";

type RepeatDetector = {
  /** Records the text and returns how many times a near-identical text has been seen, this one included. */
  seen(text: string): number;
};

const HANDLE_RE = new RegExp(HANDLE_PATTERN, "gu");
const EMOJI_TOKEN_RE = /\bemo_[a-z]+\b/g;
const LETTERS_RE = /\p{L}+/gu;

/**
 * Copies of a spam post differ in case, diacritics, punctuation, emoji, numbers (phone, prices, "tuần 12") and the
 * friends they tag, so the fingerprint keeps only the words, without diacritics, in order.
 */
export function fingerprint(text: string): string {
  const words = unaccent(normalizeForAnalysis(text).replace(HANDLE_RE, " ").replace(EMOJI_TOKEN_RE, " ")).match(LETTERS_RE);
  return words?.join(" ") ?? "";
}

/** Counts repeats among the `capacity` most recently seen fingerprints; the least recently seen are forgotten. */
export function createRepeatDetector({ capacity = 10_000 }: { capacity?: number } = {}): RepeatDetector {
  const counts = new Map<string, number>();
  return {
    seen(text) {
      // Hashing bounds the memory per entry whatever the text length.
      const key = createHash("sha1").update(fingerprint(text)).digest("base64");
      const count = (counts.get(key) ?? 0) + 1;
      counts.delete(key); // re-inserting moves the key to the most recent end of the Map's order
      counts.set(key, count);
      if (counts.size > capacity) counts.delete(counts.keys().next().value!);
      return count;
    },
  };
}
