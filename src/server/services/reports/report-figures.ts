import type { Kysely } from "kysely";
import { formatDate } from "../../../shared/format.ts";
import type { ReportPeriod } from "../../../shared/report-periods.ts";
import type { DashboardQuery } from "../../../shared/schemas/dashboard.ts";
import { dateRange, previousRange } from "../../../shared/time-range.ts";
import type { Database } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/index.ts";
import { compareProjects, getStats, sentimentByProjects, topSources, trendDiscuss, trendSentiment } from "../dashboard/index.ts";
import { resolveFilters, type Filters } from "../mention-query/index.ts";
import { hotMentions } from "../mentions/index.ts";
import type { ProjectTree } from "../projects/index.ts";

const TOP_MENTIONS = 5;
const TOP_SOURCES = 10;

/**
 * The dashboard's query for a report period, as the overview sends it for a custom period: the brand's own widgets
 * without project_ids, the trend and the comparison with the brand and its competitors.
 */
export function reportQueries(tree: ProjectTree, period: ReportPeriod) {
  const brand: typeof DashboardQuery.infer = { project_id: tree.brand.id, start_date: period.start, end_date: period.end };
  const all: typeof DashboardQuery.infer = { ...brand, project_ids: [tree.brand, ...tree.competitors].map((p) => p.id) };
  return { brand, all };
}

/** One dashboard figure, through the same filter resolution as GET /api/dashboard/<figure>. */
async function dashboardFigure<T>(
  deps: Deps,
  user: AuthUser,
  query: typeof DashboardQuery.infer,
  figure: (db: Kysely<Database>, filters: Filters) => Promise<T>,
) {
  return figure(deps.db, await resolveFilters(deps, user, query));
}

/** Everything a report shows, computed by the dashboard's own services so the e-mail and the dashboard agree. */
export async function reportFigures(deps: Deps, user: AuthUser, tree: ProjectTree, period: ReportPeriod) {
  const { brand, all } = reportQueries(tree, period);
  const [stats, trend, sentimentTrend, sentiments, comparison, sources, mentions] = await Promise.all([
    dashboardFigure(deps, user, brand, getStats),
    dashboardFigure(deps, user, all, trendDiscuss),
    dashboardFigure(deps, user, brand, trendSentiment),
    dashboardFigure(deps, user, brand, sentimentByProjects),
    dashboardFigure(deps, user, all, compareProjects),
    dashboardFigure(deps, user, { ...brand, limit: TOP_SOURCES }, topSources),
    dashboardFigure(deps, user, { ...brand, limit: TOP_MENTIONS }, hotMentions),
  ]);
  const previous = previousRange(dateRange(period.start, period.end));
  return {
    period,
    /** The equal period before, which the dashboard's change figures compare with. */
    previous: { start: formatDate(previous.start), end: formatDate(new Date(previous.end.getTime() - 1)) },
    projects: [tree.brand, ...tree.competitors].map((p) => ({ id: p.id, name: p.name, color: p.color })),
    stats,
    trend,
    sentimentTrend,
    sentiment: sentiments[0],
    comparison,
    topSources: sources.by_mentions,
    topMentions: mentions,
  };
}

export type ReportFigures = Awaited<ReturnType<typeof reportFigures>>;
