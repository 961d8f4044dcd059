import type { Kysely } from "kysely";
import { searchKey } from "../../../shared/vietnamese.ts";
import type { TimeRange } from "../../../shared/time-range.ts";
import type { Database } from "../../db/schema.ts";
import { channelsToFilter, type Filters } from "./resolve-filters.ts";

/**
 * Mentions of the filtered projects in a period joined with their documents, every filter applied. Search matches
 * title, content and author with or without diacritics (the documents' unaccented search text).
 */
export function mentionScope(db: Kysely<Database>, filters: Filters, range: TimeRange, projectIds = filters.projectIds) {
  let query = db
    .selectFrom("mentions as m")
    .innerJoin("documents as d", "d.id", "m.document_id")
    .where("m.project_id", "in", projectIds)
    .where("m.published_at", ">=", range.start)
    .where("m.published_at", "<", range.end);
  const channels = channelsToFilter(filters);
  if (channels) query = query.where("m.channel", "in", channels);
  if (filters.hideNoise) query = query.where("m.is_noise", "=", false);
  if (filters.sentiments) query = query.where("m.sentiment", "in", filters.sentiments as (0 | 1 | 2)[]);
  if (filters.mentionType !== null) query = query.where("m.mention_type", "=", filters.mentionType);
  if (filters.status !== null) query = query.where("m.status", "=", filters.status);
  if (filters.ecommerce !== null) query = query.where("d.ecommerce_source", "=", filters.ecommerce);
  if (filters.subBrand !== null) query = query.where("m.sub_brand_id", "=", filters.subBrand);
  if (filters.service !== null) query = query.where("m.service_id", "=", filters.service);
  if (filters.search) {
    const pattern = `%${searchKey(filters.search).replace(/[\\%_]/g, "\\$&")}%`;
    // A document's time is its mentions' time (copied when linked, never changed); saying so lets the planner read only
    // the period's documents when the search has to test many of them.
    query = query
      .where("d.search_text", "like", pattern)
      .where("d.published_at", ">=", range.start)
      .where("d.published_at", "<", range.end);
  }
  return query;
}

/** The hourly counters of the filtered projects in a period (only channel, sentiment and noise filters apply here). */
export function rollupScope(db: Kysely<Database>, filters: Filters, range: TimeRange, projectIds = filters.projectIds) {
  let query = db
    .selectFrom("mention_rollups_hourly as r")
    .where("r.project_id", "in", projectIds)
    .where("r.hour", ">=", range.start)
    .where("r.hour", "<", range.end);
  const channels = channelsToFilter(filters);
  if (channels) query = query.where("r.channel", "in", channels);
  if (filters.hideNoise) query = query.where("r.is_noise", "=", false);
  if (filters.sentiments) query = query.where("r.sentiment", "in", filters.sentiments);
  return query;
}
