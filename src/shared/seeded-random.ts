/** mulberry32: small, fast and seeded, so the same seed always generates the same demo or sample. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    /** Heavy-tailed counts (Pareto): most posts get little attention, a few get a lot. */
    pareto: (scale: number, alpha = 1.3) => Math.floor(scale / (1 - next()) ** (1 / alpha) - scale),
  };
}
