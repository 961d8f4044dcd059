import type { TimePreset } from "./filters.ts";
import { VIETNAM_OFFSET, VIETNAM_OFFSET_MS, vietnamMidnight } from "./time-zone.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const VN = VIETNAM_OFFSET_MS;

export type TimeRange = { start: Date; end: Date };
export type Granularity = "hour" | "day" | "week";

/** Midnight (Vietnam time) of the day holding `date`, as an instant. */
const vnMidnight = (date: Date): number => vietnamMidnight(date.getTime());

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

/** The start (Vietnam time) of the month `monthsBack` months before the one holding `date` (negative: after it). */
export const monthStart = (date: Date, monthsBack = 0): Date => new Date(vnMonthStart(date, monthsBack));

/**
 * The half-open range [start, end) of a preset, in Vietnam time. Rolling presets end at the next full hour, so they are
 * whole hours like the hourly counters, and start where a bucket of their chart starts: the last 24 hours on the hour,
 * the last 7 and 30 days (today included) and the last 3 months at midnight. A chart then never begins with a bucket
 * the period only partly covers.
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
      return span(today - 6 * DAY, nextHour);
    case "month":
      return span(today - 29 * DAY, nextHour);
    case "3-months-ago": {
      const local = new Date(today + VN);
      return span(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - 3, local.getUTCDate()) - VN, nextHour);
    }
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
  return {
    start: new Date(`${startDate}T00:00:00${VIETNAM_OFFSET}`),
    end: new Date(new Date(`${endDate}T00:00:00${VIETNAM_OFFSET}`).getTime() + DAY),
  };
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

export const BUCKET_MS: Record<Granularity, number> = { hour: HOUR, day: DAY, week: 7 * DAY };

/**
 * The chart axis of a range (one rule for every chart): buckets step from the range's own start (an hour or a midnight
 * in Vietnam time, so weeks are counted from the period's first day and none is cut at the start), and end with the
 * bucket holding `now`: a bucket that has not begun is not drawn, rather than drawn as zero.
 */
export function bucketStarts(range: TimeRange, granularity: Granularity, now: Date): Date[] {
  const end = Math.min(range.end.getTime(), now.getTime() + 1);
  const starts: Date[] = [];
  for (let t = range.start.getTime(); t < end; t += BUCKET_MS[granularity]) starts.push(new Date(t));
  return starts;
}

/** The days a period states (first and last, Vietnam time): it never names a day that has not come yet. */
export function statedDays(range: TimeRange, now: Date): { first: Date; last: Date } {
  const last = Math.max(range.start.getTime(), Math.min(range.end.getTime() - 1, now.getTime()));
  return { first: range.start, last: new Date(last) };
}
