// Merges two independent readings of news-titles lines into scripts/sentiment/labels/news-titles.tsv: keeps the
// lines both readers gave the same label 0/1/2 (x = unusable, and every disagreement, is dropped), prints Cohen's
// kappa, and appends only line numbers and labels (never the texts). Lines already in the file are left as they are.
//
//   node --import tsx scripts/sentiment/merge-readings.ts reader-A.tsv reader-B.tsv
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { readTitleLabels, readTitles, TITLE_LABELS_PATH } from "./news-titles.ts";

export const AGREED = "two independent readings, agreed";

export function readReading(path: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const row of readFileSync(path, "utf8").split("\n")) {
    if (!row.trim()) continue;
    const [n, label] = row.split("\t");
    if (!/^\d+$/.test(n) || !/^[012x]$/.test(label?.trim() ?? "")) throw new Error(`bad row in ${path}: ${row}`);
    out.set(Number(n), label.trim());
  }
  return out;
}

/** Cohen's kappa of two readings of the same items (categories as given, x included). */
export function cohensKappa(a: readonly string[], b: readonly string[]): number {
  const n = a.length;
  const countA = new Map<string, number>();
  const countB = new Map<string, number>();
  let agree = 0;
  for (let i = 0; i < n; i++) {
    if (a[i] === b[i]) agree++;
    countA.set(a[i], (countA.get(a[i]) ?? 0) + 1);
    countB.set(b[i], (countB.get(b[i]) ?? 0) + 1);
  }
  let chance = 0;
  for (const [c, k] of countA) chance += (k / n) * ((countB.get(c) ?? 0) / n);
  return (agree / n - chance) / (1 - chance);
}

if (process.argv[1]?.endsWith("merge-readings.ts")) {
  const [pathA, pathB] = process.argv.slice(2);
  if (!pathA || !pathB) throw new Error("usage: merge-readings.ts reader-A.tsv reader-B.tsv");
  const a = readReading(pathA);
  const b = readReading(pathB);
  const lines = [...a.keys()];
  if (lines.length !== b.size || lines.some((n) => !b.has(n))) throw new Error("the two readings cover different lines");
  const titles = readTitles();
  for (const n of lines) if (titles[n - 1] === undefined) throw new Error(`news-titles has no line ${n}`);
  const la = lines.map((n) => a.get(n)!);
  const lb = lines.map((n) => b.get(n)!);
  const both = lines.filter((n) => a.get(n) !== "x" && b.get(n) !== "x");
  const agreed = lines.filter((n) => a.get(n) === b.get(n) && a.get(n) !== "x").sort((x, y) => x - y);
  const known = new Set(existsSync(TITLE_LABELS_PATH) ? readTitleLabels().map((r) => r.line) : []);
  const fresh = agreed.filter((n) => !known.has(n));
  if (!existsSync(TITLE_LABELS_PATH))
    writeFileSync(
      TITLE_LABELS_PATH,
      "# line of shared/datasets/news-titles/titles.txt\tlabel 0 neutral, 1 positive, 2 negative\tprovenance\n",
    );
  appendFileSync(TITLE_LABELS_PATH, fresh.map((n) => `${n}\t${a.get(n)}\t${AGREED}\n`).join(""));
  const counts = [0, 1, 2].map((c) => agreed.filter((n) => a.get(n) === String(c)).length);
  console.log(
    `${lines.length} lines read twice; kappa ${cohensKappa(la, lb).toFixed(3)} (0/1/2/x), ` +
      `${cohensKappa(
        both.map((n) => a.get(n)!),
        both.map((n) => b.get(n)!),
      ).toFixed(3)} on the ${both.length} lines neither marked x`,
  );
  console.log(
    `agreed on 0/1/2: ${agreed.length} (neutral ${counts[0]}, positive ${counts[1]}, negative ${counts[2]}); ` +
      `${fresh.length} added to ${TITLE_LABELS_PATH}`,
  );
}
