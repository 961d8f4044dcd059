import { useStore } from "@nanostores/react";
import { localePath, splitLocalePath } from "../../i18n/index.ts";
import { routeSlug } from "../../shared/dashboard-routes.ts";
import { DEFAULT_FILTERS, filtersToSearch, type DashboardFilters } from "../../stores/filter-params.ts";
import { $filters } from "../../stores/filters.ts";

/**
 * What a widget counted, on top of the screen's own filters: a channel, a sentiment, a story, a source, a chart bucket,
 * a word, an author, a province's authors; and the period, for a screen whose period is not the address's (the
 * audience's calendar month).
 */
export type Slice = Partial<
  Pick<
    DashboardFilters,
    | "channel_ids"
    | "sentiment_ids"
    | "story_id"
    | "source"
    | "bucket"
    | "search"
    | "author_id"
    | "province"
    | "type_time"
    | "start_date"
    | "end_date"
  >
>;

/**
 * Links from a widget to the mention list filtered to exactly what it counted: the screen's period, channel scope
 * (its route slug) and filters, narrowed to the widget's slice. The list's total is then the widget's number.
 */
export function useMentionLink(screen: "overview" | "audience"): (slice: Slice) => string {
  const filters = useStore($filters);
  const { lang } = splitLocalePath(location.pathname);
  const slug = routeSlug(location.pathname, screen);
  return (slice) => {
    const search = filtersToSearch({
      ...DEFAULT_FILTERS,
      type_time: filters.type_time,
      start_date: filters.start_date,
      end_date: filters.end_date,
      channel_ids: filters.channel_ids,
      sentiment_ids: filters.sentiment_ids,
      ...slice,
    });
    return localePath(lang, `/mention${slug ? `/${slug}` : ""}`) + search;
  };
}
