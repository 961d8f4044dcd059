import { formatWeekLabel, vietnamParts } from "../shared/format.ts";
import type { Granularity } from "../shared/time-range.ts";

const DAY_MS = 86_400_000;
const pad2 = (n: number) => String(n).padStart(2, "0");

/** Axis label of a bucket start, in Vietnam time: hour "HH:mm", day "DD/MM", week "DD/MM-DD/MM" (year when another). */
export function bucketLabel(granularity: Granularity, bucketStart: string, referenceYear: number): string {
  const p = vietnamParts(bucketStart);
  if (granularity === "hour") return `${pad2(p.hour)}:${pad2(p.minute)}`;
  if (granularity === "day")
    return p.year === referenceYear ? `${pad2(p.day)}/${pad2(p.month)}` : `${pad2(p.day)}/${pad2(p.month)}/${p.year}`;
  return formatWeekLabel(bucketStart, new Date(new Date(bucketStart).getTime() + 6 * DAY_MS), referenceYear);
}

/** The full label for the hover legend, where there is room for the date. */
export function bucketTitle(granularity: Granularity, bucketStart: string): string {
  const p = vietnamParts(bucketStart);
  const date = `${pad2(p.day)}/${pad2(p.month)}/${p.year}`;
  if (granularity === "hour") return `${pad2(p.hour)}:${pad2(p.minute)} ${date}`;
  if (granularity === "day") return date;
  return bucketLabel("week", bucketStart, Number.NaN);
}

/** Indices of the buckets to label so that labels of `labelWidth` px never overlap on an axis `width` px wide. */
export function labelledBuckets(count: number, width: number, labelWidth: number): number[] {
  const fit = Math.max(1, Math.floor(width / labelWidth));
  const step = Math.max(1, Math.ceil(count / fit));
  return Array.from({ length: Math.ceil(count / step) }, (_, i) => i * step);
}
