import { type } from "arktype";
import { REPORT_FREQUENCIES } from "./project.ts";

/** GET /api/notification/preview: which report to show (by default the first frequency the account asked for). */
export const ReportPreviewQuery = type({ "frequency?": type.enumerated(...REPORT_FREQUENCIES) });
