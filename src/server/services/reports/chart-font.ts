import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateSync } from "node:zlib";

const require = createRequire(import.meta.url);
/** Chart labels are digits, dates and Latin letters: the Latin subset of the product's own typeface covers them. */
const FONT_FILE = "@fontsource/be-vietnam-pro/files/be-vietnam-pro-latin-400-normal.woff";
export const CHART_FONT_FAMILY = "Be Vietnam Pro";

/**
 * WOFF 1.0 → TrueType: the same tables, each inflated when it was compressed, behind a plain sfnt header. resvg reads
 * TrueType files only, and the npm package ships WOFF; converting here keeps the machine's own fonts out of the PNGs.
 */
function woffToTtf(woff: Buffer): Buffer {
  if (woff.toString("latin1", 0, 4) !== "wOFF") throw new Error("not a WOFF 1.0 font");
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.subarray(entry, entry + 4),
      checksum: woff.readUInt32BE(entry + 16),
      data: compLength < origLength ? inflateSync(raw) : raw,
    };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const header = Buffer.alloc(12 + 16 * numTables);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(2 ** entrySelector * 16, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - 2 ** entrySelector * 16, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tables.forEach((table, i) => {
    const record = 12 + i * 16;
    table.tag.copy(header, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([header, ...bodies]);
}

let fontPath: string | null = null;

/** The chart font as a TrueType file (written once per process to the temporary folder). */
export function chartFontFile(): string {
  if (fontPath) return fontPath;
  const dir = join(tmpdir(), `nghe-fonts-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, "be-vietnam-pro-latin-400.ttf");
  writeFileSync(path, woffToTtf(readFileSync(require.resolve(FONT_FILE))));
  fontPath = path;
  return path;
}
