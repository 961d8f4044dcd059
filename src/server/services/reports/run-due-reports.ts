import { randomUUID } from "node:crypto";
import type { Deps } from "../../deps.ts";
import { claimDelivery } from "./claim-delivery.ts";
import { deliverReport } from "./deliver-report.ts";
import { planDueReports } from "./plan-due-reports.ts";

/** At most this many deliveries per run, so one run never holds a worker for long; the next minute's run goes on. */
const DELIVERIES_PER_RUN = 100;

/** One scheduler round: plan the reports that fell due, then send every delivery whose time has come. */
export async function runDueReports(deps: Deps): Promise<{ planned: number; delivered: { id: number; status: string }[] }> {
  const planned = await planDueReports(deps);
  const owner = `worker:${randomUUID()}`;
  const delivered: { id: number; status: string }[] = [];
  for (let i = 0; i < DELIVERIES_PER_RUN; i += 1) {
    const delivery = await claimDelivery(deps, owner);
    if (!delivery) break;
    const outcome = await deliverReport(deps, delivery);
    delivered.push({ id: delivery.id, status: outcome.status });
  }
  return { planned, delivered };
}
