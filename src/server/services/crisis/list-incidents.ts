import { sql } from "kysely";
import type { IncidentListQuery } from "../../../shared/schemas/incident.ts";
import { dateRange } from "../../../shared/time-range.ts";
import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/index.ts";
import { countCrisisMentions, crisisViewer } from "./crisis-mentions.ts";
import { ownedProjectIds } from "../incident-lookup/index.ts";
import { incidentView } from "./incident-view.ts";

/**
 * The caller's incidents, newest first, with how many mentions each holds (spec §2: "detailed mentions": the crisis's
 * mentions, counted as its own screens count them). The list screen shows dismissed ones too, marked;
 * `withDismissed: false` leaves out those a user judged no crisis.
 */
export async function listIncidents(
  deps: Deps,
  user: AuthUser,
  query: typeof IncidentListQuery.infer,
  options: { withDismissed: boolean } = { withDismissed: true },
) {
  const owned = await ownedProjectIds(deps, user);
  if (query.project_id !== undefined && !owned.includes(query.project_id)) throw AppError.of(404, "project.not_found");
  const projects = query.project_id !== undefined ? [query.project_id] : owned;
  const limit = query.limit ?? 20;
  const page = query.page ?? 1;
  if (projects.length === 0) return { data: [], total: 0, page, limit };
  let scope = deps.db.selectFrom("incidents as i").where("i.project_id", "in", projects).where("i.merged_into_id", "is", null);
  if (query.status !== undefined) scope = scope.where("i.status", "=", query.status as 0 | 1);
  if (!options.withDismissed) scope = scope.where("i.review", "<>", "dismissed");
  if (query.start_date || query.end_date) {
    const range = dateRange(query.start_date ?? "2000-01-01", query.end_date ?? "2999-12-31");
    if (range.end <= range.start) throw AppError.of(422, "validation.range_order", undefined, "end_date");
    // An incident belongs to a period when it overlaps it.
    scope = scope
      .where("i.started_at", "<", range.end)
      .where((eb) => eb.or([eb("i.ended_at", "is", null), eb("i.ended_at", ">", range.start)]));
  }
  const [rows, total] = await Promise.all([
    scope
      .selectAll("i")
      .orderBy("i.started_at", "desc")
      .orderBy("i.id", "desc")
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    scope.select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow(),
  ]);
  const viewer = await crisisViewer(deps, user);
  const now = deps.now();
  const counts = await Promise.all(rows.map((row) => countCrisisMentions(deps.db, row, viewer, now)));
  return {
    data: rows.map((row, i) => ({ ...incidentView(row), total_mention: counts[i] })),
    total: Number(total.n),
    page,
    limit,
  };
}
