import type { FeedEntry } from "./feed-parser";

// Sized well above a feed's item count, and bounded so the persisted state stays small.
const SEEN_LIMIT = 500;

export type LinkedEntry = FeedEntry & { link: string };

/** Entries that have a link and were not emitted before, keyed by id (guid) else link; repeats in one feed count once. */
export function unseenEntries(entries: readonly FeedEntry[], seen: readonly string[]): { entries: LinkedEntry[]; keys: string[] } {
  const fresh: LinkedEntry[] = [];
  const keys: string[] = [];
  for (const entry of entries) {
    const key = entry.id ?? entry.link;
    if (entry.link === null || key === null || seen.includes(key) || keys.includes(key)) continue;
    keys.push(key);
    fresh.push({ ...entry, link: entry.link });
  }
  return { entries: fresh, keys };
}

/** The dedup keys to persist, newest first. */
export function rememberSeen(seen: readonly string[], fresh: readonly string[]): string[] {
  return [...fresh, ...seen.filter((key) => !fresh.includes(key))].slice(0, SEEN_LIMIT);
}
