import { createHash } from "node:crypto";
import { VIETNAM_OFFSET } from "../../../shared/time-zone.ts";
import { ClippingDocument } from "../../../shared/schemas/ingest.ts";
import { type CollectedDocument, checkDocument, toCollected } from "../ingest/index.ts";

/** A record of a CSV file, numbered by the file's line it starts on; a record whose quoting is broken is an error. */
type CsvRecord = { line: number; cells: string[] } | { line: number; error: string };

const QUOTE_INSIDE = "a quote inside an unquoted field: put the whole field in double quotes and double each quote in it";
const AFTER_QUOTE = "a closing quote must be followed by a comma or the end of the line";

/**
 * RFC 4180: fields separated by commas, a field holding a comma, a quote or a line break in double quotes with its
 * quotes doubled. A stray quote breaks only its own line, which is reported; a quote never closed swallows the rest of
 * the file and is reported at the line where its record starts. Blank lines are skipped.
 */
export function parseCsv(text: string): CsvRecord[] {
  const input = text.replace(/^\uFEFF/, "");
  const records: CsvRecord[] = [];
  let line = 1;
  let start = 1;
  let cells: string[] = [];
  let field = "";
  let quoted = false;
  let closed = false;
  let error: string | null = null;
  const endRecord = () => {
    cells.push(field);
    if (error) records.push({ line: start, error });
    else if (cells.some((cell) => cell.trim() !== "")) records.push({ line: start, cells });
    cells = [];
    field = "";
    closed = false;
    error = null;
  };
  for (let i = 0; i < input.length; i += 1) {
    const ch = input[i];
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') {
        quoted = false;
        closed = true;
      } else {
        if (ch === "\n" || (ch === "\r" && input[i + 1] !== "\n")) line += 1;
        field += ch;
      }
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && input[i + 1] === "\n") i += 1;
      endRecord();
      line += 1;
      start = line;
    } else if (ch === ",") {
      cells.push(field);
      field = "";
      closed = false;
    } else if (error) {
      // The rest of a broken line is skipped.
    } else if (ch === '"' && field === "" && !closed) quoted = true;
    else if (ch === '"') error = closed ? AFTER_QUOTE : QUOTE_INSIDE;
    else if (closed) error = AFTER_QUOTE;
    else field += ch;
  }
  if (quoted) records.push({ line: start, error: "a quoted field is never closed: the rest of the file was read as that field" });
  else if (field !== "" || cells.length > 0) endRecord();
  return records;
}

const CHANNELS: Record<string, 3 | 4> = { paper: 3, "3": 3, tv: 4, "4": 4 };

/** "YYYY-MM-DD HH:mm[:ss]" (a space, not ISO's "T") is Vietnam time; anything else must be ISO 8601 with its zone. */
function zonedTime(value: string): string {
  const local = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})(?::(\d{2}))?$/.exec(value);
  return local ? `${local[1]}T${local[2]}:${local[3] ?? "00"}${VIETNAM_OFFSET}` : value;
}

/** A count as a number when it reads as one, else as written (the check then names the field). */
const countOrText = (value: string) => (value !== "" && Number.isFinite(Number(value)) ? Number(value) : value);

type ClippingRow = { line: number; document: CollectedDocument } | { line: number; error: string };

/**
 * Print and TV clippings as CSV (RFC 4180, UTF-8, header row). Columns:
 *   channel       paper | tv (or 3 | 4)                         required
 *   published_at  ISO 8601 with a zone, or "YYYY-MM-DD HH:mm" in Vietnam time  required
 *   source_name   newspaper or TV channel ("Tuổi Trẻ", "VTV1")    required
 *   content       the clipping's text or transcript               required
 *   title, url, author_name, views, external_id                  optional
 * Without a URL a clipping is identified by its source, time and title. Each row is checked by the ingest API's rules
 * for the same fields (docs/api/ingest.md: text lengths and characters, real dates at most a day ahead, web links,
 * counts in range); a row breaking one, or whose quoting is broken, is reported by the line it starts on, not stored.
 */
export function parseClippings(text: string, now: Date): ClippingRow[] {
  const [header, ...records] = parseCsv(text);
  if (header && "error" in header) return [header];
  const columns = (header?.cells ?? []).map((h) => h.trim().toLowerCase());
  const missing = ["channel", "published_at", "source_name", "content"].filter((c) => !columns.includes(c));
  if (missing.length > 0) return [{ line: 1, error: `missing columns: ${missing.join(", ")}` }];
  return records.map((record): ClippingRow => {
    if ("error" in record) return record;
    const { line, cells } = record;
    if (cells.length !== columns.length)
      return {
        line,
        error: `the row has ${cells.length} fields, the header ${columns.length}: a field holding a comma, a quote or a line break must be in double quotes`,
      };
    const get = (name: string) => (cells[columns.indexOf(name)] ?? "").trim();
    const channel = CHANNELS[get("channel").toLowerCase()];
    if (!channel) return { line, error: "channel must be paper or tv" };
    // Optional fields the row leaves empty are left out, as an API item would leave them out.
    const optional = (name: string, key: string, value: (text: string) => unknown = (text) => text) =>
      get(name) === "" ? {} : { [key]: value(get(name)) };
    const checked = checkDocument(
      ClippingDocument,
      {
        channel,
        platform: channel === 3 ? "print" : "tv",
        content: get("content"),
        published_at: zonedTime(get("published_at")),
        source: { name: get("source_name") },
        ...optional("external_id", "external_id"),
        ...optional("url", "url"),
        ...optional("title", "title"),
        ...optional("author_name", "author", (name) => ({ name })),
        ...optional("views", "metrics", (views) => ({ views: countOrText(views) })),
      },
      now,
    );
    if ("errors" in checked) return { line, error: checked.errors.join("; ") };
    const clipping = checked.value;
    const url =
      clipping.url ??
      `urn:nghe:clipping:${createHash("sha1")
        .update(
          `${clipping.source.name}|${new Date(clipping.published_at).toISOString()}|${clipping.title ?? clipping.content.slice(0, 80)}`,
        )
        .digest("hex")}`;
    return { line, document: toCollected({ ...clipping, url }) };
  });
}
