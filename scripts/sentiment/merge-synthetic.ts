// Merges a batch of written texts into scripts/sentiment/labels/synthetic-<news|consumer>.tsv: `written.tsv` holds the
// writer's `label<TAB>text` lines, `reading.tsv` an independent reader's `n<TAB>label` for line n of written.tsv (the
// reader saw the texts, never the writer's labels). Keeps the texts both labelled alike, prints Cohen's kappa, and skips
// texts already in the file.
//
//   node --import tsx scripts/sentiment/merge-synthetic.ts news|consumer written.tsv reading.tsv
import { appendFileSync } from "node:fs";
import { cohensKappa, readReading } from "./merge-readings.ts";
import { comparable } from "./news-titles.ts";
import { readLabelledTexts, WRITTEN_PATHS, type WrittenKind } from "./written-texts.ts";

const [kind, writtenPath, readingPath] = process.argv.slice(2);
if (!Object.hasOwn(WRITTEN_PATHS, kind) || !writtenPath || !readingPath)
  throw new Error("usage: merge-synthetic.ts news|consumer written.tsv reading.tsv");
const target = WRITTEN_PATHS[kind as WrittenKind];
const written = readLabelledTexts(writtenPath);
const reading = readReading(readingPath);
if (reading.size !== written.length || written.some((_, i) => !reading.has(i + 1)))
  throw new Error(`the reading must label every line of ${writtenPath} (1 to ${written.length})`);
const writer = written.map((e) => String(e.label));
const reader = written.map((_, i) => reading.get(i + 1)!);
const known = new Set(readLabelledTexts(target).map((e) => comparable(e.text)));
const agreed = written.filter((_, i) => writer[i] === reader[i]);
const fresh = agreed.filter((e) => {
  const key = comparable(e.text);
  if (known.has(key)) return false;
  known.add(key);
  return true;
});
appendFileSync(target, fresh.map((e) => `${e.label}\t${e.text}\n`).join(""));
const counts = [0, 1, 2].map((c) => fresh.filter((e) => e.label === c).length);
console.log(
  `${written.length} texts read twice; kappa ${cohensKappa(writer, reader).toFixed(3)}; agreed ${agreed.length}; ` +
    `${fresh.length} new added (neutral ${counts[0]}, positive ${counts[1]}, negative ${counts[2]})`,
);
