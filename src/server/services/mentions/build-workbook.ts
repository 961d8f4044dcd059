import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { AppError } from "../../errors.ts";
import type { Logger } from "../../log.ts";
import type { Cell, ExcelMessage } from "./excel-worker.ts";

/**
 * Workbooks built at once, each in its own worker thread: half the cores, so that exports never take every core from
 * the requests; further exports wait their turn, in order.
 */
const WORKERS = Math.max(1, Math.floor(availableParallelism() / 2));
const WORKER_FILE = new URL("./excel-worker.ts", import.meta.url);

let running = 0;
const waiting: (() => void)[] = [];

/** Waits for a free worker place; the function it gives frees it (handing it straight to the next in line). */
async function takeTurn(): Promise<() => void> {
  if (running < WORKERS) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  return () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
}

/** Adds rows to a sheet; the first call for a sheet says whether it is a table (its first row a header). */
type AddRows = (sheet: string, rows: Cell[][], options?: { table?: boolean }) => void;

/**
 * An .xlsx file built in a worker thread, so that the event loop goes on serving other requests meanwhile. `fill` reads
 * the rows and adds them page by page (the sheets come in the order they are started); the worker builds the sheets
 * as they come and writes the file, the same way for every workbook the product writes: a text longer than a cell holds
 * is cut with a visible "…", columns are as wide as their content (within bounds), and a table's header row is frozen
 * and filters its rows, its empty columns left out. A failure in the worker is logged and becomes a 500 saying the file could not be
 * built; the worker is ended when the file is back or the export failed.
 */
export async function buildWorkbook(log: Logger, fill: (add: AddRows) => Promise<void>): Promise<Buffer> {
  const release = await takeTurn();
  try {
    return await buildIn(new Worker(WORKER_FILE), log, fill);
  } finally {
    release();
  }
}

async function buildIn(worker: Worker, log: Logger, fill: (add: AddRows) => Promise<void>): Promise<Buffer> {
  let failure: AppError | null = null;
  let ended = false;
  const file = new Promise<Buffer>((resolve, reject) => {
    const fail = (cause: unknown) => {
      if (ended || failure) return;
      log.error("An Excel export failed in its worker", cause);
      failure = AppError.of(500, "error.export_failed");
      reject(failure);
    };
    worker.on("message", (bytes: Uint8Array) => resolve(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
    worker.on("error", fail);
    worker.on("messageerror", fail);
    worker.on("exit", (code) => fail(new Error(`the Excel worker exited with code ${code}`)));
  });
  // Awaited once every row is sent; a failure before then is answered by the next add.
  file.catch(() => undefined);
  try {
    await fill((sheet, rows, options) => {
      if (failure) throw failure;
      worker.postMessage({ sheet, rows, table: options?.table } satisfies ExcelMessage);
    });
    worker.postMessage("write" satisfies ExcelMessage);
    return await file;
  } finally {
    ended = true;
    await worker.terminate();
  }
}
