export { listDeliveries, showReportHistory } from "./list-deliveries.ts";
export { previewReport } from "./preview-report.ts";
export { resolveReportLink } from "./report-links.ts";
export { runDueReports } from "./run-due-reports.ts";
export { sendReportNow } from "./send-report-now.ts";
