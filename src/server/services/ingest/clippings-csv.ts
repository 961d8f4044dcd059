import { VIETNAM_OFFSET } from "../../../shared/time-zone.ts";
import { createHash } from "node:crypto";
import { isRealPublishedDay, isWebLink, MAX_METRIC } from "../../../shared/schemas/ingest.ts";
import { badTextReason } from "../../../shared/text-safety.ts";
import type { CollectedDocument } from "../../collectors/types.ts";

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const input = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < input.length; i += 1) {
    const ch = input[i];
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && input[i + 1] === "\n") i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  return rows.filter((r) => r.some((cell) => cell.trim() !== ""));
}

const CHANNELS: Record<string, 3 | 4> = { paper: 3, "3": 3, tv: 4, "4": 4 };

function parseTime(value: string): Date | null {
  if (!isRealPublishedDay(value.trim())) return null;
  const local = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  const date = local
    ? new Date(`${local[1]}-${local[2]}-${local[3]}T${local[4]}:${local[5]}:${local[6] ?? "00"}${VIETNAM_OFFSET}`)
    : new Date(value.trim());
  return Number.isNaN(date.getTime()) ? null : date;
}

export type ClippingRow = { line: number; document: CollectedDocument } | { line: number; error: string };

/**
 * Print and TV clippings as CSV (RFC 4180, UTF-8, header row). Columns:
 *   channel       paper | tv (or 3 | 4)                         required
 *   published_at  ISO 8601, or "YYYY-MM-DD HH:mm" in Vietnam time  required
 *   source_name   newspaper or TV channel ("Tuổi Trẻ", "VTV1")    required
 *   content       the clipping's text or transcript               required
 *   title, url, author_name, views, external_id                  optional
 * Without a URL a clipping is identified by its source, time and title. A row breaking the API's rules for the same
 * fields (control characters, unreal dates, non-web links, counts out of range) is reported, not stored.
 */
export function parseClippings(text: string): ClippingRow[] {
  const [header, ...rows] = parseCsv(text);
  const columns = (header ?? []).map((h) => h.trim().toLowerCase());
  const missing = ["channel", "published_at", "source_name", "content"].filter((c) => !columns.includes(c));
  if (missing.length > 0) return [{ line: 1, error: `missing columns: ${missing.join(", ")}` }];
  return rows.map((cells, index) => {
    const line = index + 2;
    const get = (name: string) => (cells[columns.indexOf(name)] ?? "").trim();
    const unsafe = cells.findIndex((cell) => badTextReason(cell) !== null);
    if (unsafe >= 0)
      return { line, error: `${columns[unsafe] ?? `column ${unsafe + 1}`} holds a control character or an unpaired surrogate` };
    const channel = CHANNELS[get("channel").toLowerCase()];
    const publishedAt = parseTime(get("published_at"));
    const views = get("views") === "" ? 0 : Number(get("views"));
    if (!channel) return { line, error: "channel must be paper or tv" };
    if (!publishedAt) return { line, error: "published_at is not a date" };
    if (!get("source_name") || !get("content")) return { line, error: "source_name and content are required" };
    if (!(Number.isInteger(views) && views >= 0 && views <= MAX_METRIC))
      return { line, error: `views must be a whole number from 0 to ${MAX_METRIC}` };
    if (get("url") && !isWebLink(get("url"))) return { line, error: "url must be an http or https link" };
    const title = get("title") || null;
    const url =
      get("url") ||
      `urn:nghe:clipping:${createHash("sha1")
        .update(`${get("source_name")}|${publishedAt.toISOString()}|${title ?? get("content").slice(0, 80)}`)
        .digest("hex")}`;
    return {
      line,
      document: {
        channel,
        platform: channel === 3 ? "print" : "tv",
        externalId: get("external_id") || null,
        url,
        mentionType: 0,
        parentExternalId: null,
        title,
        content: get("content"),
        publishedAt,
        source: { id: null, name: get("source_name"), url: null },
        author: get("author_name") ? { id: null, name: get("author_name"), url: null, followers: null, location: null } : null,
        metrics: { likes: 0, shares: 0, comments: 0, views },
        rating: null,
        ecommerceSource: null,
        hashtags: [],
      },
    };
  });
}
