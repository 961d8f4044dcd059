import { sql } from "kysely";
import XLSX from "xlsx";
import * as zlib from "node:zlib";
import { channelById } from "../../../shared/channels.ts";
import { formatDate, formatDateTime, vietnamParts } from "../../../shared/format.ts";
import { EXCEL_COLUMN_WIDTH, EXCEL_ROW_HEIGHT } from "../../../shared/limits.ts";
import { DashboardQuery } from "../../../shared/schemas/dashboard.ts";
import { ExportRange } from "../../../shared/schemas/mention.ts";
import { presetRange, type TimeRange } from "../../../shared/time-range.ts";
import { translate, type Lang, type MessageKey } from "../../../i18n/index.ts";
import { AppError, parseOrThrow } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/auth-user.ts";
import { countersBy } from "../mention-query/counters.ts";
import { mentionScope } from "../mention-query/mention-scope.ts";
import { topSources } from "../dashboard/overview-figures.ts";
import { resolveFilters, type Filters } from "../mention-query/resolve-filters.ts";

const CHUNK = 5000;

// xlsx deflates in JavaScript unless handed zlib, several times slower on big exports. Its check for a usable zlib
// reads `bytesRead`, which Node renamed `bytesWritten`; xlsx only inflates when reading files, which we never do.
class InflateRawWithBytesRead extends zlib.InflateRaw {
  get bytesRead() {
    return this.bytesWritten;
  }
}
XLSX.CFB.utils.use_zlib({
  ...zlib,
  InflateRaw: InflateRawWithBytesRead,
  // Level 1 already halves xlsx's own output (10 MB instead of 21 for 110,000 rows); level 6 saves 15% more, slowly.
  deflateRawSync: (data: Buffer) => zlib.deflateRawSync(data, { level: zlib.constants.Z_BEST_SPEED }),
});

const SENTIMENT_KEYS: MessageKey[] = ["xlsx.neutral", "xlsx.positive", "xlsx.negative"];

/** Spec §2 export ranges; "3 months ago" runs from the same day three months back until now. */
function exportRange(range: typeof ExportRange.infer, now: Date): TimeRange | null {
  if (range === "custom") return null;
  if (range === "3-months-ago") {
    const { year, month, day } = vietnamParts(now);
    return { start: new Date(Date.UTC(year, month - 4, day) - 7 * 3_600_000), end: presetRange("hour", now).end };
  }
  return presetRange(range, now);
}

/**
 * Rows in publication order, read in keyset pages so memory holds one page of database rows at a time; the next page
 * is read while the current one is written.
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

// Dense sheets (arrays of rows) are several times faster to build and write than cell maps keyed "A1".
const DENSE: XLSX.AOA2SheetOpts & Pick<XLSX.ParsingOptions, "dense"> = { dense: true };

function sheet(rows: (string | number | null)[][]): XLSX.WorkSheet {
  const ws = XLSX.utils.aoa_to_sheet(rows, DENSE);
  const columns = rows.reduce((widest, row) => Math.max(widest, row.length), 0);
  ws["!cols"] = Array.from({ length: columns }, () => ({ wch: EXCEL_COLUMN_WIDTH }));
  const height = { hpx: EXCEL_ROW_HEIGHT };
  ws["!rows"] = rows.map(() => height);
  return ws;
}

/** The filtered mentions of a range as .xlsx: the mentions, a summary sheet and the top 10 sources (spec §2, §9). */
export async function exportMentions(deps: Deps, user: AuthUser, rawQuery: Record<string, string>, lang: Lang) {
  const range = parseOrThrow(ExportRange, rawQuery.range ?? "last-24h");
  const query = parseOrThrow(DashboardQuery, { ...rawQuery, range: undefined });
  const preset = exportRange(range, deps.now());
  if (!preset && !(query.start_date && query.end_date)) throw AppError.of(422, "validation.required", { field: { key: "field.start_date" } }, "start_date");
  const filters = await resolveFilters(deps, user, preset ? { ...query, start_date: undefined, end_date: undefined } : query);
  if (preset) Object.assign(filters, { range: preset });

  const t = (key: MessageKey) => translate(lang, key);
  const header = (["xlsx.time", "xlsx.channel", "xlsx.platform", "xlsx.type", "xlsx.source", "xlsx.author", "xlsx.title", "xlsx.content", "xlsx.sentiment", "xlsx.likes", "xlsx.shares", "xlsx.comments", "xlsx.views", "xlsx.rating", "xlsx.status", "xlsx.link"] as MessageKey[]).map(t);
  const data: (string | number | null)[][] = [header];
  for await (const rows of mentionRows(deps, filters)) {
    for (const m of rows) {
      data.push([
        formatDateTime(m.published_at),
        channelById(m.channel)?.name ?? String(m.channel),
        m.platform,
        t(`xlsx.type_${m.mention_type}` as MessageKey),
        m.source_name,
        m.author_name,
        m.title,
        m.content,
        t(SENTIMENT_KEYS[m.sentiment]),
        Number(m.likes),
        Number(m.shares),
        Number(m.comments),
        Number(m.views),
        m.rating,
        t(`xlsx.status_${m.status}` as MessageKey),
        m.url,
      ]);
    }
  }

  const [totals] = await countersBy(deps.db, filters, filters.range, null);
  const bySentiment = await countersBy(deps.db, filters, filters.range, "sentiment");
  const summary: (string | number | null)[][] = [
    [t("xlsx.period"), `${formatDate(filters.range.start)} – ${formatDate(new Date(filters.range.end.getTime() - 1))}`],
    [t("xlsx.total_mention"), totals.total_mention],
    [t("xlsx.total_post"), totals.total_post],
    [t("xlsx.total_comment_post"), totals.total_comment_post],
    [t("xlsx.likes"), totals.total_like],
    [t("xlsx.shares"), totals.total_share],
    [t("xlsx.comments"), totals.total_comment],
    [t("xlsx.views"), totals.total_view],
    ...SENTIMENT_KEYS.map((key, s) => [t(key), bySentiment.find((r) => r.key === s)?.total_mention ?? 0]),
  ];
  const sources = (await topSources(deps.db, { ...filters, limit: 10 })).by_mentions;
  const top: (string | number | null)[][] = [
    [t("xlsx.source"), t("xlsx.channel"), t("xlsx.total_mention"), t("xlsx.interactions")],
    ...sources.map((s) => [s.source_name, channelById(s.channel_id)?.name ?? "", s.total_mention, s.total_interaction]),
  ];

  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet(data), t("xlsx.sheet_mentions"));
  XLSX.utils.book_append_sheet(book, sheet(summary), t("xlsx.sheet_summary"));
  XLSX.utils.book_append_sheet(book, sheet(top), t("xlsx.sheet_top_sources"));
  const file = XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
  return { file, filename: `nghe-mentions-${formatDate(deps.now())}.xlsx`, rows: data.length - 1 };
}
