import type { ReportDelivery } from "../../../shared/report-types.ts";
import type { Deps } from "../../deps.ts";

/** The newest deliveries (of one project, or of all for staff), each with the latest attempt for each recipient. */
export async function listDeliveries(deps: Deps, options: { projectId?: number; limit: number }) {
  let query = deps.db
    .selectFrom("report_deliveries")
    .select([
      "id",
      "project_id",
      "frequency",
      "period_start",
      "period_end",
      "reason",
      "status",
      "attempts",
      "created_at",
      "sent_at",
      "next_attempt_at",
      "last_error",
    ])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(options.limit);
  if (options.projectId !== undefined) query = query.where("project_id", "=", options.projectId);
  const deliveries = await query.execute();
  if (deliveries.length === 0) return [];
  const attempts = await deps.db
    .selectFrom("outbox_messages")
    .select(["report_delivery_id", "channel", "recipient", "status", "created_at as at"])
    .where(
      "report_delivery_id",
      "in",
      deliveries.map((d) => d.id),
    )
    .orderBy("id")
    .execute();
  return deliveries.map((delivery) => {
    const latest = new Map<string, ReportDelivery<Date>["recipients"][number]>();
    for (const a of attempts)
      if (a.report_delivery_id === delivery.id)
        latest.set(`${a.channel}:${a.recipient}`, { channel: a.channel, recipient: a.recipient, status: a.status, at: a.at });
    return { ...delivery, recipients: [...latest.values()] };
  });
}

/** The caller's project's delivery log, as the notification screen shows it (no staff-only details). */
export async function showReportHistory(deps: Deps, userId: number): Promise<ReportDelivery<Date>[]> {
  const brand = await deps.db
    .selectFrom("projects")
    .select("id")
    .where("user_id", "=", userId)
    .where("parent_id", "is", null)
    .executeTakeFirst();
  if (!brand) return [];
  const rows = await listDeliveries(deps, { projectId: brand.id, limit: 20 });
  return rows.map(({ project_id: _p, next_attempt_at: _n, last_error: _e, ...row }) => row);
}
