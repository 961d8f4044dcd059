import { sql } from "kysely";
import type { Mention } from "../../../shared/api-types.ts";
import { MENTIONS_PAGE_SIZE } from "../../../shared/limits.ts";
import { openableUrl } from "../../../shared/links.ts";
import type { MentionStatus, MentionType } from "../../../shared/mention.ts";
import type { mentionScope, Filters } from "../mention-query/index.ts";

type Scope = ReturnType<typeof mentionScope>;

/** The mention attributes of spec §2 as the API shows them. */
export function selectMentionView(scope: Scope) {
  return scope.select([
    "m.document_id as id",
    "m.project_id",
    "m.channel as channel_id",
    "d.platform",
    "m.mention_type",
    "d.parent_external_id",
    "d.url",
    "d.is_demo as is_sample",
    "d.title",
    "d.content",
    "m.published_at",
    "d.source_name",
    "d.source_url",
    "d.author_name",
    "d.author_url",
    "d.author_followers",
    "d.author_age_range",
    "d.author_job",
    "d.author_province",
    "d.likes",
    "d.shares",
    "d.comments",
    "d.views",
    "m.interactions",
    "d.rating",
    "d.ecommerce_source",
    "d.hashtags",
    "m.sentiment",
    "m.sentiment_source",
    "m.status",
    "m.sub_brand_id",
    "m.service_id",
    "m.is_noise",
    "d.story_id",
  ]);
}

/** Spec §4 sort options; ties fall back to the newest first, then the id, so pages never overlap. */
export function orderMentions(query: ReturnType<typeof selectMentionView>, sort: Filters["sort"]) {
  const ordered =
    sort === "interact"
      ? query.orderBy("m.interactions", "desc")
      : sort === "view"
        ? query.orderBy("d.views", "desc")
        : sort === "rate_asc"
          ? query.orderBy(sql`d.rating asc nulls last`)
          : sort === "rate_desc"
            ? query.orderBy(sql`d.rating desc nulls last`)
            : query;
  return ordered.orderBy("m.published_at", "desc").orderBy("m.document_id", "desc");
}

export const PAGE_SIZE = MENTIONS_PAGE_SIZE;

export type MentionRow = Awaited<ReturnType<ReturnType<typeof selectMentionView>["execute"]>>[number];

/**
 * Big counters come back as strings from some drivers; the API answers numbers. The columns' checks bound the codes.
 * A link is only given where there is something to open (not for clippings or generated demo mentions).
 */
export function mentionNumbers(row: MentionRow): Mention<Date> {
  return {
    ...row,
    url: row.is_sample ? null : openableUrl(row.url),
    mention_type: row.mention_type as MentionType,
    status: row.status as MentionStatus,
    ecommerce_source: row.ecommerce_source as Mention["ecommerce_source"],
    likes: Number(row.likes),
    shares: Number(row.shares),
    comments: Number(row.comments),
    views: Number(row.views),
    interactions: Number(row.interactions),
  };
}
