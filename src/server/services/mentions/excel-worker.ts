import { parentPort } from "node:worker_threads";
import * as zlib from "node:zlib";
import XLSX from "xlsx";
import { EXCEL_COLUMN_WIDTH, EXCEL_ROW_HEIGHT } from "../../../shared/limits.ts";

// A worker thread started by build-workbook.ts: it builds the sheets from the rows it is sent and writes the .xlsx file,
// the CPU-heavy part of an export, while the web process's event loop goes on serving. Node runs this file with its own
// type stripping when it is not started under tsx, so it imports only erasable TypeScript.

/** A cell as an export sends it: a value, or a cell object such as an Excel date. */
export type Cell = string | number | null | XLSX.CellObject;

/** What the worker is sent: rows to add to a sheet (its first rows start it, after the sheets started before), then "write". */
export type ExcelMessage = { sheet: string; rows: Cell[][] } | "write";

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

type Sheet = { cells: XLSX.WorkSheet; rows: number; columns: number };
const sheets = new Map<string, Sheet>();

/** Rows become cells as they arrive, so a big sheet is built while the export reads its next page. */
function addRows(name: string, rows: Cell[][]) {
  const sheet = sheets.get(name);
  const columns = rows.reduce((widest, row) => Math.max(widest, row.length), sheet?.columns ?? 0);
  if (!sheet) {
    sheets.set(name, { cells: XLSX.utils.aoa_to_sheet(rows, DENSE), rows: rows.length, columns });
    return;
  }
  XLSX.utils.sheet_add_aoa(sheet.cells, rows, { origin: sheet.rows });
  sheet.rows += rows.length;
  sheet.columns = columns;
}

function write(): Buffer {
  const book = XLSX.utils.book_new();
  const height = { hpx: EXCEL_ROW_HEIGHT };
  for (const [name, { cells, rows, columns }] of sheets) {
    cells["!cols"] = Array.from({ length: columns }, () => ({ wch: EXCEL_COLUMN_WIDTH }));
    cells["!rows"] = Array.from({ length: rows }, () => height);
    XLSX.utils.book_append_sheet(book, cells, name);
  }
  return XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true });
}

const port = parentPort!;
port.on("message", (message: ExcelMessage) => {
  if (message !== "write") return addRows(message.sheet, message.rows);
  const file = write();
  const { buffer } = file;
  // A file that fills its own memory moves to the main thread without a copy; a small one may share Node's pool.
  port.postMessage(file, buffer instanceof ArrayBuffer && buffer.byteLength === file.byteLength ? [buffer] : []);
});
