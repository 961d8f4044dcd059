import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { parseOrThrow } from "../../errors.ts";
import { DashboardQuery } from "../../../shared/schemas/dashboard.ts";
import type { AuthUser } from "../auth/auth-user.ts";
import { resolveFilters, type Filters } from "./resolve-filters.ts";

/** A dashboard or mention-list figure computed over resolved filters. */
export type Figure = (db: Kysely<Database>, filters: Filters) => Promise<unknown>;

/** Validates the query's filters, keeps them to the caller's projects and channels, and computes the figure. */
export async function computeFigure(deps: Deps, user: AuthUser, rawQuery: Record<string, string>, figure: Figure): Promise<unknown> {
  const query = parseOrThrow(DashboardQuery, rawQuery);
  return figure(deps.db, await resolveFilters(deps, user, query));
}
