// Scores the committed model (through the product's classify()) on every labelled set: the test split, or the dev
// split for brand-news (its test split is hidden). Accuracy and macro-F1, in percent.
import { classifyMany } from "../src/server/nlp/sentiment/classify.ts";
import { loadSplit, SCORED_SPLIT, SENTIMENT_SETS } from "./sentiment/datasets.ts";
import { score } from "./sentiment/metrics.ts";

console.log("| set | split | texts | accuracy | macro-F1 |");
console.log("|---|---|---:|---:|---:|");
for (const set of SENTIMENT_SETS) {
  const split = SCORED_SPLIT[set];
  const examples = loadSplit(set, split);
  if (examples.length === 0) continue;
  const predicted = classifyMany(examples.map((e) => e.text)).map((r) => r.label);
  const s = score(
    examples.map((e) => e.label),
    predicted,
  );
  console.log(`| ${set} | ${split} | ${s.n} | ${s.accuracy.toFixed(2)} | ${s.macroF1.toFixed(2)} |`);
}
