import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import type { DashboardQuery } from "../../../shared/schemas/dashboard.ts";
import type { AuthUser } from "../auth/index.ts";
import { projectDataStamp } from "../figure-cache/index.ts";
import { resolveFilters, type Filters } from "./resolve-filters.ts";

/** A dashboard or mention-list figure computed over resolved filters. */
export type Figure = (db: Kysely<Database>, filters: Filters) => Promise<unknown>;

const figureIds = new Map<Figure, number>();

function figureId(figure: Figure): number {
  if (!figureIds.has(figure)) figureIds.set(figure, figureIds.size + 1);
  return figureIds.get(figure)!;
}

/**
 * Keeps the query's filters to the caller's projects and channels, and computes the figure, or reuses
 * the answer to the same filters while none of their projects changed. A figure depends on its filters alone (never on
 * who asks), and the filters hold what the caller may see, so two callers share an answer only when they may.
 */
export async function computeFigure(deps: Deps, user: AuthUser, query: typeof DashboardQuery.infer, figure: Figure): Promise<unknown> {
  const filters = await resolveFilters(deps, user, query);
  if (!deps.figureCache.enabled) return figure(deps.db, filters);
  const stamp = await projectDataStamp(deps.db, filters.projectIds);
  // The period is in the key; the clock only places the charts' last bucket, which the cache's lifetime keeps close enough.
  const key = JSON.stringify([figureId(figure), stamp, { ...filters, now: null }]);
  return deps.figureCache.read(key, () => figure(deps.db, filters));
}
