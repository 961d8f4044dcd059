import { sql } from "kysely";
import type { CellObject } from "xlsx";
import { platformName } from "../../../shared/channels.ts";
import { formatDate } from "../../../shared/format.ts";
import { openableUrl } from "../../../shared/links.ts";
import type { DashboardQuery } from "../../../shared/schemas/dashboard.ts";
import { SENTIMENTS, type Sentiment } from "../../../shared/sentiment.ts";
import { statedDays } from "../../../shared/time-range.ts";
import { VIETNAM_OFFSET_MS } from "../../../shared/time-zone.ts";
import { translate, type Lang, type MessageKey } from "../../../i18n/index.ts";
import { channelName, mentionStatusKey, mentionTypeKey, sentimentNameKey } from "../../../shared/names.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/index.ts";
import { countersBy, mentionScope, resolveFilters, type Filters } from "../mention-query/index.ts";
import { topSources } from "../dashboard/index.ts";
import { documentHeadline, storyHeadlines } from "../stories/index.ts";
import { buildWorkbook } from "./build-workbook.ts";
import type { Cell } from "./excel-worker.ts";

const CHUNK = 5000;

/**
 * A sheet another feature adds to the workbook, after the list's sheets or (`first`) before them; its dates become Excel
 * dates in Vietnam time like the mentions'. A `table` has a header row (frozen and filtering); its `links` columns are
 * clickable.
 */
export type ExtraSheet = {
  name: string;
  rows: (string | number | Date | null)[][];
  first?: boolean;
  table?: { links: number[] };
};

const DAY_MS = 86_400_000;
/** Excel counts days from 1899-12-30; 25569 of them come before 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25_569;

/** A web address as a clickable link. */
const linkCell = (url: string): CellObject => ({ t: "s", v: url, l: { Target: url } });

/** A real Excel date (a serial number with a date format), in Vietnam time whatever the server's zone. */
function excelDate(date: Date, format: "yyyy-mm-dd" | "yyyy-mm-dd hh:mm:ss"): CellObject {
  return { t: "n", v: (date.getTime() + VIETNAM_OFFSET_MS) / DAY_MS + EXCEL_EPOCH_DAYS, z: format };
}

/**
 * Rows in publication order, read in keyset pages so memory holds one page of database rows at a time; the next page
 * is read while the current one goes to the workbook's worker.
 */
async function* mentionRows(deps: Deps, filters: Filters) {
  // Only the exported columns: at 100,000 rows every extra column is parsed, kept and collected again.
  const page = (after: { published_at: Date; id: number } | null) => {
    let query = mentionScope(deps.db, filters, filters.range).select([
      "m.document_id as id",
      "m.published_at",
      "m.channel",
      "d.platform",
      "m.mention_type",
      "d.source_name",
      "d.author_name",
      "d.title",
      "d.content",
      "m.sentiment",
      "d.likes",
      "d.shares",
      "d.comments",
      "d.views",
      "d.rating",
      "m.status",
      "d.url",
      "d.is_demo",
      "d.story_id",
    ]);
    if (after) query = query.where(sql<boolean>`(m.published_at, m.document_id) < (${after.published_at}, ${after.id})`);
    return query.orderBy("m.published_at", "desc").orderBy("m.document_id", "desc").limit(CHUNK).execute();
  };
  let rows = await page(null);
  while (rows.length > 0) {
    const next = page(rows[rows.length - 1]);
    // Awaited below; until then a failure must not count as unhandled.
    next.catch(() => undefined);
    yield rows;
    rows = await next;
  }
}

/**
 * The mentions of the list's own filters (the same query as /api/mention/index, spec §9) as .xlsx: the mentions, a
 * summary sheet, the top 10 sources (spec §2) and any `extraSheets`. Names are the screens' names in the caller's language.
 */
export async function exportMentions(
  deps: Deps,
  user: AuthUser,
  query: typeof DashboardQuery.infer,
  lang: Lang,
  extraSheets: readonly ExtraSheet[] = [],
) {
  return exportFilteredMentions(deps, await resolveFilters(deps, user, query), lang, extraSheets);
}

/**
 * The workbook of any filtered set of mentions (the list's, a crisis's): its rows, summary and top sources all count the
 * same set. The database is read here; the file is built in a worker thread (build-workbook.ts).
 */
export async function exportFilteredMentions(deps: Deps, filters: Filters, lang: Lang, extraSheets: readonly ExtraSheet[] = []) {
  const t = (key: MessageKey) => translate(lang, key);
  const header = (
    [
      "xlsx.time",
      "xlsx.channel",
      "xlsx.platform",
      "xlsx.type",
      "xlsx.source",
      "xlsx.author",
      "xlsx.title",
      "xlsx.content",
      "xlsx.sentiment",
      "mention.metric.likes",
      "mention.metric.shares",
      "mention.metric.comments",
      "mention.metric.views",
      "xlsx.rating",
      "xlsx.status",
      "xlsx.link",
      "xlsx.story",
    ] as MessageKey[]
  ).map(t);
  let exported = 0;
  const headlines = new Map<number, string>();
  const file = await buildWorkbook(deps.log, async (add) => {
    const addExtra = (extra: ExtraSheet) =>
      add(
        extra.name,
        extra.rows.map((row, r) =>
          row.map((cell, c) => {
            if (cell instanceof Date) return excelDate(cell, "yyyy-mm-dd hh:mm:ss");
            return r > 0 && typeof cell === "string" && extra.table?.links.includes(c) ? linkCell(cell) : cell;
          }),
        ),
        { table: extra.table !== undefined },
      );
    for (const extra of extraSheets) if (extra.first) addExtra(extra);
    const mentions = t("xlsx.sheet_mentions");
    add(mentions, [header], { table: true });
    for await (const rows of mentionRows(deps, filters)) {
      const unnamed = [...new Set(rows.flatMap((m) => (m.story_id === null || headlines.has(m.story_id) ? [] : [m.story_id])))];
      for (const [id, headline] of await storyHeadlines(deps.db, unnamed)) headlines.set(id, headline);
      add(
        mentions,
        rows.map((m) => [
          excelDate(m.published_at, "yyyy-mm-dd hh:mm:ss"),
          channelName(lang, m.channel),
          platformName(m.platform),
          t(mentionTypeKey(m.mention_type)),
          m.source_name,
          m.author_name,
          m.title,
          m.content,
          t(sentimentNameKey(m.sentiment as Sentiment)),
          Number(m.likes),
          Number(m.shares),
          Number(m.comments),
          Number(m.views),
          m.rating,
          t(mentionStatusKey(m.status)),
          link(m),
          // A document the story backfill has not reached yet stands for a story of its own.
          (m.story_id === null ? null : headlines.get(m.story_id)) ?? documentHeadline(m),
        ]),
      );
      exported += rows.length;
    }
    add(t("xlsx.sheet_summary"), await summaryRows(deps, filters, lang));
    add(t("xlsx.sheet_top_sources"), await topSourceRows(deps, filters, lang), { table: true });
    for (const extra of extraSheets) if (!extra.first) addExtra(extra);
  });
  return { file, filename: `nghe-mentions-${formatDate(deps.now())}.xlsx`, rows: exported };
}

/** Demo documents carry made-up addresses, and clippings a reference that opens nothing: neither is a link. */
function link(m: { url: string; is_demo: boolean }): CellObject | null {
  const url = m.is_demo ? null : openableUrl(m.url);
  return url === null ? null : linkCell(url);
}

async function summaryRows(deps: Deps, filters: Filters, lang: Lang): Promise<Cell[][]> {
  const t = (key: MessageKey) => translate(lang, key);
  const [totals] = await countersBy(deps.db, filters, filters.range, null);
  const bySentiment = await countersBy(deps.db, filters, filters.range, "sentiment");
  const period = statedDays(filters.range, filters.now);
  return [
    [t("xlsx.period"), excelDate(period.first, "yyyy-mm-dd"), excelDate(period.last, "yyyy-mm-dd")],
    [t("overview.counter.total_mention"), totals.total_mention],
    [t("overview.counter.total_post"), totals.total_post],
    [t("overview.counter.total_comment_post"), totals.total_comment_post],
    [t("overview.counter.total_like"), totals.total_like],
    [t("overview.counter.total_share"), totals.total_share],
    [t("overview.counter.total_comment"), totals.total_comment],
    [t("overview.counter.total_view"), totals.total_view],
    ...SENTIMENTS.map((s) => [t(sentimentNameKey(s.id)), bySentiment.find((r) => r.key === s.id)?.total_mention ?? 0]),
  ];
}

async function topSourceRows(deps: Deps, filters: Filters, lang: Lang): Promise<Cell[][]> {
  const t = (key: MessageKey) => translate(lang, key);
  const sources = (await topSources(deps.db, { ...filters, limit: 10 })).by_mentions;
  return [
    [t("xlsx.source"), t("xlsx.channel"), t("overview.counter.total_mention"), t("xlsx.interactions")],
    ...sources.map((s) => [s.source_name, channelName(lang, s.channel_id), s.total_mention, s.total_interaction]),
  ];
}
