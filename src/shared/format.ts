import { VIETNAM_OFFSET_MS } from "./time-zone.ts";

/** Formatting rules of spec §9. Dates are shown in Vietnam time. */

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Comma thousands, dot decimals: 1234567 → "1,234,567", -1234.5 → "-1,234.5". */
export function formatNumber(value: number, maxDecimals = 2): string {
  if (!Number.isFinite(value)) return "-";
  const sign = value < 0 ? "-" : "";
  const [whole, fraction] = Math.abs(value).toFixed(maxDecimals).split(".");
  const trimmed = (fraction ?? "").replace(/0+$/, "");
  const result = groupThousands(whole) + (trimmed ? `.${trimmed}` : "");
  return result === "0" ? "0" : sign + result;
}

/**
 * Shares in percent with two decimals that add up to exactly 100 (largest remainder method).
 * Negative inputs count as zero; an all-zero input gives all zeros.
 */
export function percentages(values: readonly number[]): number[] {
  const clean = values.map((v) => (Number.isFinite(v) && v > 0 ? v : 0));
  const total = clean.reduce((a, b) => a + b, 0);
  if (total === 0) return clean.map(() => 0);
  const exact = clean.map((v) => (v / total) * 10_000);
  const floors = exact.map(Math.floor);
  let missing = 10_000 - floors.reduce((a, b) => a + b, 0);
  const order = exact.map((v, i) => ({ i, rest: v - floors[i] })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (missing === 0) break;
    floors[i] += 1;
    missing -= 1;
  }
  return floors.map((hundredths) => hundredths / 100);
}

export function formatPercent(value: number): string {
  return `${value.toFixed(2)}%`;
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** hh:mm:ss, or mm:ss under an hour. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  return hours > 0 ? `${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}` : `${pad2(minutes)}:${pad2(seconds)}`;
}

type DurationUnits = { hour: string; minute: string; second: string };

/** Chart form: "1h 5m 3s" with the units given (translated), leading zero units left out; a dash when empty. */
export function formatChartDuration(
  totalSeconds: number | null | undefined,
  units: DurationUnits = { hour: "h", minute: "m", second: "s" },
): string {
  if (totalSeconds === null || totalSeconds === undefined || !Number.isFinite(totalSeconds)) return "-";
  const s = Math.max(0, Math.floor(totalSeconds));
  const parts: string[] = [];
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (hours) parts.push(`${hours}${units.hour}`);
  if (hours || minutes) parts.push(`${minutes}${units.minute}`);
  parts.push(`${s % 60}${units.second}`);
  return parts.join(" ");
}

type DateParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

export function vietnamParts(date: Date | string | number): DateParts {
  const shifted = new Date(new Date(date).getTime() + VIETNAM_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

/** YYYY-MM-DD in Vietnam time (the filter format). */
export function formatDate(date: Date | string | number): string {
  const p = vietnamParts(date);
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)}`;
}

/** YYYY-MM-DD HH:mm:ss in Vietnam time. */
export function formatDateTime(date: Date | string | number): string {
  const p = vietnamParts(date);
  return `${formatDate(date)} ${pad2(p.hour)}:${pad2(p.minute)}:${pad2(p.second)}`;
}

/** Weekly axis label DD/MM-DD/MM; a side whose year differs from the reference year carries its year (DD/MM/YYYY). */
export function formatWeekLabel(start: Date | string | number, end: Date | string | number, referenceYear: number): string {
  const side = (d: Date | string | number) => {
    const p = vietnamParts(d);
    const base = `${pad2(p.day)}/${pad2(p.month)}`;
    return p.year === referenceYear ? base : `${base}/${p.year}`;
  };
  return `${side(start)}-${side(end)}`;
}

/** 'REVIEW-APP' → 'Review App', 'zalo_group' → 'Zalo Group'; short all-caps words such as 'TV' stay as they are. */
export function formatLabel(raw: string): string {
  return raw
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => (word.length <= 2 && word === word.toUpperCase() ? word : word[0].toUpperCase() + word.slice(1).toLowerCase()))
    .join(" ");
}
