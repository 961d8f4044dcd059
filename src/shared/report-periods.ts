import { REPORT_FREQUENCIES } from "./schemas/project.ts";
import { VIETNAM_OFFSET_MS } from "./time-zone.ts";

export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

/** SMS digests go with the short-period reports only; a monthly or annual summary does not fit a text message. */
export const SMS_FREQUENCIES: readonly ReportFrequency[] = ["daily", "weekly"];

/** A report's period in Vietnam calendar days: `start` and `end` (included) as YYYY-MM-DD, like the dashboard filters. */
export type ReportPeriod = { frequency: ReportFrequency; start: string; end: string };

const DAY = 86_400_000;
/** Every report goes out at 08:00 Vietnam time on its day. */
const REPORT_HOUR = 8;

/** A calendar day as the UTC midnight of the same date, so day arithmetic ignores time zones. */
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dateOf = (day: number) => new Date(day).toISOString().slice(0, 10);
/** The Vietnam calendar day an instant falls on. */
const vietnamDay = (at: Date) => Math.floor((at.getTime() + VIETNAM_OFFSET_MS) / DAY) * DAY;

export function isReportFrequency(value: unknown): value is ReportFrequency {
  return (REPORT_FREQUENCIES as readonly unknown[]).includes(value);
}

/** The period of a frequency holding a calendar day: that day, its Monday–Sunday week, its month or its year. */
export function periodContaining(frequency: ReportFrequency, date: string): ReportPeriod {
  const day = dayOf(date);
  const d = new Date(day);
  const span = (start: number, endExclusive: number): ReportPeriod => ({
    frequency,
    start: dateOf(start),
    end: dateOf(endExclusive - DAY),
  });
  switch (frequency) {
    case "daily":
      return span(day, day + DAY);
    case "weekly": {
      const monday = day - ((d.getUTCDay() + 6) % 7) * DAY;
      return span(monday, monday + 7 * DAY);
    }
    case "monthly":
      return span(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1), Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
    case "annual":
      return span(Date.UTC(d.getUTCFullYear(), 0, 1), Date.UTC(d.getUTCFullYear() + 1, 0, 1));
  }
}

/**
 * When the report of a period goes out: 08:00 the next day (daily), the next Monday (weekly), the 1st of the next
 * month (monthly), and 2 January of the next year (annual: one day later, so the year's last day has been collected).
 */
export function reportDueAt(period: ReportPeriod): Date {
  const sendDay = dayOf(period.end) + (period.frequency === "annual" ? 2 : 1) * DAY;
  return new Date(sendDay - VIETNAM_OFFSET_MS + REPORT_HOUR * 3_600_000);
}

/** The instant the period ends (the next Vietnam midnight after its last day). */
export function periodEndsAt(period: ReportPeriod): Date {
  return new Date(dayOf(period.end) + DAY - VIETNAM_OFFSET_MS);
}

export function previousPeriod(period: ReportPeriod): ReportPeriod {
  return periodContaining(period.frequency, dateOf(dayOf(period.start) - DAY));
}

function nextPeriod(period: ReportPeriod): ReportPeriod {
  return periodContaining(period.frequency, dateOf(dayOf(period.end) + DAY));
}

/** The latest period whose report was due at or before `now`. */
export function lastDuePeriod(frequency: ReportFrequency, now: Date): ReportPeriod {
  const recent = periodContaining(frequency, dateOf(vietnamDay(now) - DAY));
  return reportDueAt(recent) <= now ? recent : previousPeriod(recent);
}

/** The latest period that has ended by `now` (its report may not be due yet). */
export function lastCompletePeriod(frequency: ReportFrequency, now: Date): ReportPeriod {
  const recent = periodContaining(frequency, dateOf(vietnamDay(now) - DAY));
  return periodEndsAt(recent) <= now ? recent : previousPeriod(recent);
}

/** The next time a report of this frequency goes out after `now`. */
export function nextReportAt(frequency: ReportFrequency, now: Date): Date {
  return reportDueAt(nextPeriod(lastDuePeriod(frequency, now)));
}

/** DD/MM/YYYY of a day, or "DD/MM/YYYY – DD/MM/YYYY" of a longer period, as the reports and their log write it. */
export function periodLabel(period: { start: string; end: string }): string {
  const day = (date: string) => date.split("-").reverse().join("/");
  return period.start === period.end ? day(period.start) : `${day(period.start)} – ${day(period.end)}`;
}
