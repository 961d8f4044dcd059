import type { TimePreset } from "./filters.ts";
import { VIETNAM_OFFSET, VIETNAM_OFFSET_MS } from "./time-zone.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const VN = VIETNAM_OFFSET_MS;

export type TimeRange = { start: Date; end: Date };
export type Granularity = "hour" | "day" | "week";

/** Midnight (Vietnam time) of the day holding `date`, as an instant. */
function vnMidnight(date: Date): number {
  return Math.floor((date.getTime() + VN) / DAY) * DAY - VN;
}

/** Monday 00:00 Vietnam time of the week holding `date`. */
function vnWeekStart(date: Date): number {
  const midnight = vnMidnight(date);
  const weekday = (new Date(midnight + VN).getUTCDay() + 6) % 7;
  return midnight - weekday * DAY;
}

function vnMonthStart(date: Date, monthsBack = 0): number {
  const local = new Date(date.getTime() + VN);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - monthsBack, 1) - VN;
}

/**
 * The half-open range [start, end) of a preset, in Vietnam time. Rolling presets (hour, last-24h/day, week, month) end
 * at the next full hour, so they are whole hours like the hourly counters.
 */
export function presetRange(preset: Exclude<TimePreset, "custom">, now: Date): TimeRange {
  const nextHour = Math.ceil(now.getTime() / HOUR) * HOUR;
  const today = vnMidnight(now);
  const span = (start: number, end: number) => ({ start: new Date(start), end: new Date(end) });
  switch (preset) {
    case "hour":
      return span(nextHour - HOUR, nextHour);
    case "last-24h":
    case "day":
      return span(nextHour - DAY, nextHour);
    case "week":
      return span(nextHour - 7 * DAY, nextHour);
    case "month":
      return span(nextHour - 30 * DAY, nextHour);
    case "today":
      return span(today, today + DAY);
    case "yesterday":
      return span(today - DAY, today);
    case "this-week":
      return span(vnWeekStart(now), vnWeekStart(now) + 7 * DAY);
    case "last-week":
      return span(vnWeekStart(now) - 7 * DAY, vnWeekStart(now));
    case "this-month":
      return span(vnMonthStart(now), vnMonthStart(now, -1));
    case "last-month":
      return span(vnMonthStart(now, 1), vnMonthStart(now));
  }
}

/** A custom range from filter dates (YYYY-MM-DD, Vietnam time), end date included. */
export function dateRange(startDate: string, endDate: string): TimeRange {
  return { start: new Date(`${startDate}T00:00:00${VIETNAM_OFFSET}`), end: new Date(new Date(`${endDate}T00:00:00${VIETNAM_OFFSET}`).getTime() + DAY) };
}

/** The equal period just before, for "change vs previous period". */
export function previousRange(range: TimeRange): TimeRange {
  const length = range.end.getTime() - range.start.getTime();
  return { start: new Date(range.start.getTime() - length), end: range.start };
}

/** Hourly up to 2 days, daily up to about 3 months, weekly beyond. */
export function granularityFor(range: TimeRange): Granularity {
  const days = (range.end.getTime() - range.start.getTime()) / DAY;
  return days <= 2 ? "hour" : days <= 93 ? "day" : "week";
}

/** Bucket starts covering the range, aligned in Vietnam time (weeks start on Monday). */
export function bucketStarts(range: TimeRange, granularity: Granularity): Date[] {
  const step = granularity === "hour" ? HOUR : granularity === "day" ? DAY : 7 * DAY;
  const first = granularity === "hour" ? Math.floor(range.start.getTime() / HOUR) * HOUR : granularity === "day" ? vnMidnight(range.start) : vnWeekStart(range.start);
  const starts: Date[] = [];
  for (let t = first; t < range.end.getTime(); t += step) starts.push(new Date(t));
  return starts;
}
