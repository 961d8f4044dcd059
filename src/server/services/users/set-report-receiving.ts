import type { Deps } from "../../deps.ts";

/** Whether the account receives the scheduled reports; only staff change it (spec §1). */
export async function setReportReceiving(deps: Deps, userId: number, on: boolean): Promise<void> {
  await deps.db.updateTable("users").set({ receives_reports: on, updated_at: deps.now() }).where("id", "=", userId).execute();
}
