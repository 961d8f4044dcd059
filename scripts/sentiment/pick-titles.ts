// Picks news-titles lines for a new batch of readings: titles naming a brand of brand-news (6+ words), not labelled
// yet, read by the current model as polar or unsure first (the labelled titles so far are 70% neutral, and polar or
// doubtful titles teach the news head more per line). Writes "line<TAB>title" for the readers to a file outside the
// repo; only line numbers and labels ever come back into it (merge-readings.ts).
//
//   node --import tsx scripts/sentiment/pick-titles.ts 1200 /tmp/batch.tsv [/tmp/earlier-batch.tsv …]
//
// Earlier batches' files leave out the lines already read (the disagreements, which the labels file does not keep).
import { readFileSync, writeFileSync } from "node:fs";
import { classify } from "../../src/server/nlp/sentiment/classify.ts";
import { DATASETS_DIR } from "./datasets.ts";
import { readTitleLabels, readTitles } from "./news-titles.ts";

const [count = "1200", out = "/tmp/titles-batch.tsv", ...earlier] = process.argv.slice(2);

function brandNames(): string[] {
  const rows = readFileSync(`${DATASETS_DIR}brand-news/train.jsonl`, "utf8").trim().split("\n");
  const names = new Set<string>();
  for (const row of rows) {
    const brand: string | undefined = JSON.parse(row).brand;
    for (const name of brand?.split(/[(),]/) ?? []) if (name.trim().length >= 3) names.add(name.trim());
  }
  return [...names];
}

/** Seeded order, so the same batch comes out twice. */
function shuffled<T>(items: T[], seed = 20261125): T[] {
  let s = seed;
  const next = () => (s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32;
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const titles = readTitles();
const known = new Set(readTitleLabels().map((r) => r.line));
for (const file of earlier) for (const row of readFileSync(file, "utf8").split("\n")) if (row) known.add(Number(row.split("\t")[0]));
const pattern = new RegExp(
  `(^|[^\\p{L}])(${brandNames()
    .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("|")})($|[^\\p{L}])`,
  "u",
);
const candidates = titles
  .map((text, i) => ({ line: i + 1, text }))
  .filter(({ line, text }) => !known.has(line) && text.split(/\s+/).length >= 6 && pattern.test(text))
  .map((c) => ({ ...c, scores: classify(c.text).scores }));
const polarOrUnsure = candidates.filter((c) => c.scores[0] < 0.6);
const rest = candidates.filter((c) => c.scores[0] >= 0.6);
const picked = [...shuffled(polarOrUnsure), ...shuffled(rest)].slice(0, Number(count)).sort((a, b) => a.line - b.line);
writeFileSync(out, picked.map((c) => `${c.line}\t${c.text}\n`).join(""));
console.log(`${candidates.length} candidates (${polarOrUnsure.length} polar or unsure); ${picked.length} written to ${out}`);
