import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/index.ts";
import { resolveAudienceFilters, type AudienceFilters } from "./audience-filters.ts";
import { ensureSample } from "./ensure-sample.ts";
import type { AudienceQuery } from "../../../shared/schemas/audience.ts";

export type AudienceFigure = (db: Kysely<Database>, filters: AudienceFilters) => Promise<object>;

/**
 * Keeps the query to the caller's projects and channels, and computes the figure over the project's own
 * authors, or over the stored sample for a trial account; the answer says which (`sample`).
 */
export async function computeAudience(
  deps: Deps,
  user: AuthUser,
  query: typeof AudienceQuery.infer,
  figure: AudienceFigure,
  options: { wholeTree?: boolean } = {},
): Promise<object> {
  const filters = await resolveAudienceFilters(deps, user, query, options);
  if (filters.sample) await ensureSample(deps, filters.projectIds, filters.month);
  return { sample: filters.sample, ...(await figure(deps.db, filters)) };
}
