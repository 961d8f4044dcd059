import { localePath } from "../../../i18n/index.ts";
import type { Deps } from "../../deps.ts";
import { dashboardUrl } from "./report-view.ts";

/** The short link an SMS digest carries: /r/<code> on the public site. */
export function reportShortLink(deps: Deps, shortCode: string): string {
  return `${deps.config.publicUrl}/r/${shortCode}`;
}

/** Where a short link leads: the dashboard over the report's period, in the account's language; the overview if unknown. */
export async function resolveReportLink(deps: Deps, shortCode: string): Promise<string> {
  const row = /^[A-Za-z0-9]{8}$/.test(shortCode)
    ? await deps.db
        .selectFrom("report_deliveries as r")
        .innerJoin("users as u", "u.id", "r.user_id")
        .select(["r.period_start", "r.period_end", "u.language"])
        .where("r.short_code", "=", shortCode)
        .executeTakeFirst()
    : undefined;
  if (!row) return localePath("vi", "/overview");
  return dashboardUrl("", row.language, { start: row.period_start, end: row.period_end });
}
