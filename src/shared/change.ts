import { formatNumber } from "./format.ts";

export type Change = { direction: "up" | "down" | "flat" | "none"; text: string };

/** A change in percent against the previous period; null means there was nothing to compare with. */
export function describeChange(percent: number | null): Change {
  if (percent === null || !Number.isFinite(percent)) return { direction: "none", text: "–" };
  if (percent === 0) return { direction: "flat", text: "0%" };
  return { direction: percent > 0 ? "up" : "down", text: `${formatNumber(Math.abs(percent))}%` };
}
