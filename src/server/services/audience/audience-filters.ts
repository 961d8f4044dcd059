import { ACCOUNT_TYPE } from "../../../shared/account.ts";
import type { AudienceQuery } from "../../../shared/schemas/audience.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/index.ts";
import { channelsToFilter, resolveFilters, type Filters } from "../mention-query/index.ts";
import { loadProjectTree, projectIds } from "../projects/index.ts";
import type { TopAuthorSort } from "../../../shared/audience.ts";

export type AudienceFilters = {
  /** The caller's projects asked for. */
  projectIds: number[];
  /** Start of the Vietnam-time month: this month or last month. */
  month: Date;
  /** null: every channel. */
  channels: number[] | null;
  /** Trial accounts see the generated sample, never real counts (spec §1). */
  sample: boolean;
  sort: TopAuthorSort;
  limit: number;
  /** The same selection as the mention list reads it: what a link to the list counts. */
  mentions: Filters;
};

/**
 * The audience query as filters the caller may use: projects must be the caller's own (anything else is not found),
 * channels within the account's, the period this month (default) or last month. `wholeTree`: without `project_ids`,
 * the brand and its competitors.
 */
export async function resolveAudienceFilters(
  deps: Deps,
  user: AuthUser,
  query: typeof AudienceQuery.infer,
  options: { wholeTree?: boolean } = {},
): Promise<AudienceFilters> {
  const filters = await resolveFilters(deps, user, {
    project_id: query.project_id,
    project_ids: query.project_ids,
    channel_id: query.channel_id,
    channel_ids: query.channel_ids,
    type_time: query.type_time ?? "this-month",
  });
  const tree = options.wholeTree && !query.project_ids?.length ? await loadProjectTree(deps.db, user.id) : null;
  return {
    projectIds: tree ? projectIds(tree) : filters.projectIds,
    month: filters.range.start,
    channels: channelsToFilter(filters),
    sample: user.accountType !== ACCOUNT_TYPE.contracted,
    sort: query.sort ?? "mentions",
    limit: query.limit ?? 10,
    mentions: filters,
  };
}
