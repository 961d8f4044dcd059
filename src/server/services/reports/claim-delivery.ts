import { sql, type Selectable } from "kysely";
import type { ReportDeliveriesTable } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";

export type DeliveryRow = Selectable<ReportDeliveriesTable>;

/** How long a worker may hold a delivery: building the report and sending to every recipient takes far less. */
const LEASE_MS = 10 * 60_000;

/**
 * Takes one pending delivery whose time has come (or `id`, whatever its time) for this worker: the row is locked and
 * skipped by the others while the lease is set, so two workers never send the same delivery at once. A lease left by a
 * worker that died runs out, and the next worker goes on from the recipients the outbox says were not reached.
 */
export async function claimDelivery(deps: Deps, owner: string, id?: number): Promise<DeliveryRow | null> {
  const now = deps.now();
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const { rows } = await sql<DeliveryRow>`
    update report_deliveries set lease_owner = ${owner}, lease_until = ${leaseUntil}, attempts = attempts + 1
    where id = (
      select id from report_deliveries
      where status = 'pending' and (lease_until is null or lease_until <= ${now})
        and ${id === undefined ? sql`next_attempt_at <= ${now}` : sql`id = ${id}`}
      order by next_attempt_at, id
      limit 1
      for update skip locked
    )
    returning *`.execute(deps.db);
  return rows[0] ?? null;
}
