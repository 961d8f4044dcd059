import { parentPort } from "node:worker_threads";
import * as zlib from "node:zlib";
import XLSX from "xlsx";
import { EXCEL_COLUMN_WIDTH, EXCEL_MAX_COLUMN_WIDTH, EXCEL_ROW_HEIGHT } from "../../../shared/limits.ts";

// A worker thread started by build-workbook.ts: it builds the sheets from the rows it is sent and writes the .xlsx file,
// the CPU-heavy part of an export, while the web process's event loop goes on serving. Node runs this file with its own
// type stripping when it is not started under tsx, so it imports only erasable TypeScript.

/** A cell as an export sends it: a value, or a cell object such as an Excel date or a link (`l`). */
export type Cell = string | number | null | XLSX.CellObject;

/**
 * What the worker is sent: rows to add to a sheet (its first rows start it, after the sheets started before), then
 * "write". A `table` sheet's first row is a header: it is frozen and filters the rows, and a column empty in every row
 * is left out.
 */
export type ExcelMessage = { sheet: string; rows: Cell[][]; table?: boolean } | "write";

/** Excel refuses a cell of more characters (UTF-16 units); xlsx throws instead of writing the file. */
const MAX_CELL_TEXT = 32_767;
const CUT_MARK = "…";
/** Excel repairs a sheet with more links than this; later links stay as text. */
const MAX_LINKS = 65_530;

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

// Dense sheets (arrays of rows) are several times faster to build and write than cell maps keyed "A1".
const DENSE: XLSX.AOA2SheetOpts & Pick<XLSX.ParsingOptions, "dense"> = { dense: true };

type Sheet = {
  cells: XLSX.WorkSheet;
  table: boolean;
  rows: number;
  /** The longest text of each column, in characters, for its width. */
  widths: number[];
  /** Whether a row after a table's header has a value in the column. */
  filled: boolean[];
  links: number;
};
const sheets = new Map<string, Sheet>();

/** A text longer than a cell holds, cut with a visible mark (never through an emoji's surrogate pair). */
function fitText(text: string): string {
  if (text.length <= MAX_CELL_TEXT) return text;
  let end = MAX_CELL_TEXT - CUT_MARK.length;
  if (/[\uD800-\uDBFF]/.test(text[end - 1])) end -= 1;
  return text.slice(0, end) + CUT_MARK;
}

/** The cell as written, and how many characters it shows. */
function fitCell(cell: Cell, sheet: Sheet): [Cell, number] {
  if (cell === null) return [null, 0];
  if (typeof cell === "string") {
    const text = fitText(cell);
    return [text, text.length];
  }
  if (typeof cell === "number") return [cell, String(cell).length];
  const fitted = typeof cell.v === "string" ? { ...cell, v: fitText(cell.v) } : { ...cell };
  if (fitted.l) {
    if (sheet.links < MAX_LINKS) sheet.links += 1;
    else delete fitted.l;
  }
  return [fitted, fitted.z ? String(fitted.z).length : String(fitted.v ?? "").length];
}

/** Rows become cells as they arrive, so a big sheet is built while the export reads its next page. */
function addRows(name: string, rows: Cell[][], table: boolean) {
  const started = sheets.get(name);
  const sheet = started ?? { cells: [] as unknown as XLSX.WorkSheet, table, rows: 0, widths: [], filled: [], links: 0 };
  const fitted = rows.map((row, r) =>
    row.map((value, c) => {
      const [cell, length] = fitCell(value, sheet);
      sheet.widths[c] = Math.max(sheet.widths[c] ?? 0, length);
      if (cell !== null && cell !== "" && sheet.rows + r > 0) sheet.filled[c] = true;
      return cell;
    }),
  );
  if (!started) {
    sheet.cells = XLSX.utils.aoa_to_sheet(fitted, DENSE);
    sheets.set(name, sheet);
  } else XLSX.utils.sheet_add_aoa(sheet.cells, fitted, { origin: sheet.rows });
  sheet.rows += rows.length;
}

/** Leaves out the columns of a table that no row fills (its header alone stays when it has no rows at all). */
function dropEmptyColumns(sheet: Sheet): number[] {
  const columns = sheet.widths.map((_, c) => c);
  if (!sheet.table || sheet.rows < 2) return columns;
  const empty = columns.filter((c) => !sheet.filled[c]).reverse();
  if (empty.length === 0) return columns;
  for (const row of sheet.cells as unknown as (Cell | undefined)[][]) if (row) for (const c of empty) row.splice(c, 1);
  const kept = columns.filter((c) => sheet.filled[c]);
  sheet.cells["!ref"] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: sheet.rows - 1, c: kept.length - 1 } });
  return kept;
}

const FROZEN_HEADER =
  '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/>';

/**
 * The community xlsx build writes no frozen panes: the sheet's view, which it writes empty near the top of the sheet's
 * XML, gets the pane that keeps the header row in sight.
 */
function freezeHeader(xml: Buffer): Buffer {
  const head = xml.subarray(0, 4096).toString("latin1");
  const view = /<sheetView ([^>]*)\/>/.exec(head);
  if (!view) throw new Error("no sheet view to freeze the header in");
  const frozen = Buffer.from(`<sheetView ${view[1]}>${FROZEN_HEADER}</sheetView>`, "latin1");
  return Buffer.concat([xml.subarray(0, view.index), frozen, xml.subarray(view.index + view[0].length)]);
}

function write(): Buffer {
  const book = XLSX.utils.book_new();
  const height = { hpx: EXCEL_ROW_HEIGHT };
  for (const [name, sheet] of sheets) {
    const { cells, rows, table } = sheet;
    const kept = dropEmptyColumns(sheet);
    cells["!cols"] = kept.map((c) => ({
      wch: Math.min(EXCEL_MAX_COLUMN_WIDTH, Math.max(EXCEL_COLUMN_WIDTH, sheet.widths[c] + 2)),
    }));
    cells["!rows"] = Array.from({ length: rows }, () => height);
    if (table) cells["!autofilter"] = { ref: XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows - 1, c: kept.length - 1 } }) };
    XLSX.utils.book_append_sheet(book, cells, name);
  }
  // Written unpacked, the sheets' XML is patched in place; the file is packed once, after.
  const zip = XLSX.CFB.read(XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: false }), { type: "buffer" });
  [...sheets.values()].forEach((sheet, i) => {
    if (!sheet.table) return;
    const entry = XLSX.CFB.find(zip, `/xl/worksheets/sheet${i + 1}.xml`);
    if (!entry?.content) throw new Error(`sheet ${i + 1} is missing from the written file`);
    const xml = entry.content as Uint8Array;
    entry.content = freezeHeader(Buffer.from(xml.buffer, xml.byteOffset, xml.byteLength));
    entry.size = entry.content.length;
  });
  return XLSX.CFB.write(zip, { fileType: "zip", type: "buffer", compression: true }) as Buffer;
}

const port = parentPort!;
port.on("message", (message: ExcelMessage) => {
  if (message !== "write") return addRows(message.sheet, message.rows, message.table ?? false);
  const file = write();
  const { buffer } = file;
  // A file that fills its own memory moves to the main thread without a copy; a small one may share Node's pool.
  port.postMessage(file, buffer instanceof ArrayBuffer && buffer.byteLength === file.byteLength ? [buffer] : []);
});
