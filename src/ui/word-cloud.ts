export type CloudTerm = { term: string; count: number };
export type SizedTerm = CloudTerm & { size: number; rank: number };

/**
 * Font sizes from counts (square root, so a few giants do not shrink the rest to nothing), ranked by count, and
 * ordered with the biggest in the middle of the cloud and smaller ones alternating outwards.
 */
export function layoutCloud(terms: readonly CloudTerm[], minSize: number, maxSize: number): SizedTerm[] {
  const ranked = [...terms].sort((a, b) => b.count - a.count || a.term.localeCompare(b.term, "vi"));
  if (ranked.length === 0) return [];
  const top = Math.sqrt(ranked[0].count);
  const bottom = Math.sqrt(ranked[ranked.length - 1].count);
  const sized = ranked.map((t, rank) => ({
    ...t,
    rank,
    size:
      top === bottom
        ? (minSize + maxSize) / 2
        : Math.round(minSize + ((Math.sqrt(t.count) - bottom) / (top - bottom)) * (maxSize - minSize)),
  }));
  const left = sized.filter((_, i) => i % 2 === 1).reverse();
  const right = sized.filter((_, i) => i % 2 === 0);
  return [...left, ...right];
}
