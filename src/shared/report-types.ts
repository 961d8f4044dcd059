import type { ReportFrequency } from "./report-periods.ts";

/** `Time` is a Date on the server and the ISO string JSON makes of it in the browser. */
type ReportRecipientStatus<Time = string> = { channel: "email" | "sms"; recipient: string; status: "sent" | "failed"; at: Time };

/** One report of the project's delivery log (GET /api/notification/history). */
export type ReportDelivery<Time = string> = {
  id: number;
  frequency: ReportFrequency;
  /** YYYY-MM-DD, Vietnam calendar days; the end is included. */
  period_start: string;
  period_end: string;
  reason: "schedule" | "catch-up" | "staff" | "staff-forced";
  status: "pending" | "sent" | "failed" | "cancelled";
  attempts: number;
  created_at: Time;
  sent_at: Time | null;
  /** The latest attempt for each recipient. */
  recipients: ReportRecipientStatus<Time>[];
};

/** The last period's e-mail as the account will receive it (GET /api/notification/preview). */
export type ReportPreview = { frequency: ReportFrequency; period_start: string; period_end: string; subject: string; html: string };
