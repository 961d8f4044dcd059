// A hashtag needs at least one letter ("#1" is not one) and may not follow a word, '&' or '/' (entities, URL fragments).
const HASHTAG = /(?<![\p{L}\p{M}\p{N}_&/#])#([\p{L}\p{M}\p{N}_]*[\p{L}\p{M}][\p{L}\p{M}\p{N}_]*)/gu;

/** Hashtags in the given texts, without '#', as first written, deduplicated case-insensitively. */
export function extractHashtags(...texts: (string | null)[]): string[] {
  const found = new Map<string, string>();
  for (const text of texts) {
    for (const match of text?.matchAll(HASHTAG) ?? []) {
      const tag = match[1].normalize("NFC");
      const key = tag.toLowerCase();
      if (!found.has(key)) found.set(key, tag);
    }
  }
  return [...found.values()];
}
