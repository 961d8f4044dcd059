import { type } from "arktype";
import { REPORT_FREQUENCIES } from "./schemas/project.ts";
import type { AtTime } from "./api-types.ts";

const frequency = type.enumerated(...REPORT_FREQUENCIES);

/** One report of the project's delivery log (GET /api/notification/history). */
export const ReportDeliverySchema = type({
  id: "number",
  frequency,
  period_start: type("string").describe("YYYY-MM-DD, Vietnam calendar days; the end is included"),
  period_end: "string",
  reason: "'schedule' | 'catch-up' | 'staff' | 'staff-forced'",
  status: "'pending' | 'sent' | 'failed' | 'cancelled'",
  attempts: "number",
  created_at: "Date",
  sent_at: "Date | null",
  recipients: type({ channel: "'email' | 'sms'", recipient: "string", status: "'sent' | 'failed'", at: "Date" })
    .array()
    .describe("the latest attempt for each recipient"),
});
export type ReportDelivery<Time = string> = AtTime<typeof ReportDeliverySchema.infer, Time>;

/** The last period's e-mail as the account will receive it (GET /api/notification/preview). */
export const ReportPreviewSchema = type({ frequency, period_start: "string", period_end: "string", subject: "string", html: "string" });
export type ReportPreview = typeof ReportPreviewSchema.infer;
