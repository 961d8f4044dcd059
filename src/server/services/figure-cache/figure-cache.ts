/** Answers kept a short while, by key; the key carries everything the answer depends on (docs/scale.md, "Figure cache"). */
export type FigureCache = {
  enabled: boolean;
  /** The answer kept under the key, or the one `compute` gives (kept if it succeeds); identical calls share one computation. */
  read<T>(key: string, compute: () => Promise<T>): Promise<T>;
  stats(): { hits: number; misses: number; entries: number };
};

type Entry = { expires: number; value: Promise<unknown> };

/** A cache of at most `maxEntries` answers, each kept `ttlMs`; with a ttl of 0 it is not used. */
export function createFigureCache(options: { ttlMs: number; maxEntries: number; now: () => Date }): FigureCache {
  const entries = new Map<string, Entry>();
  let hits = 0;
  let misses = 0;

  return {
    enabled: options.ttlMs > 0,
    read<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const now = options.now().getTime();
      const kept = entries.get(key);
      if (kept && kept.expires > now) {
        hits += 1;
        // Map order is the eviction order: a used answer moves to the back.
        entries.delete(key);
        entries.set(key, kept);
        return kept.value as Promise<T>;
      }
      misses += 1;
      entries.delete(key);
      const value = compute();
      const entry = { expires: now + options.ttlMs, value };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string);
      return value;
    },
    stats: () => ({ hits, misses, entries: entries.size }),
  };
}
