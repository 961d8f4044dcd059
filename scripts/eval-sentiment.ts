// Scores the committed model (through the product's classify()) on every test split with sentiment labels.
import { classifyMany } from "../src/server/nlp/sentiment/classify.ts";
import { loadSplit, SENTIMENT_SETS } from "./sentiment/datasets.ts";
import { score } from "./sentiment/metrics.ts";

console.log("| test set | texts | accuracy | macro-F1 |");
console.log("|---|---:|---:|---:|");
for (const set of SENTIMENT_SETS) {
  const examples = loadSplit(set, "test");
  if (examples.length === 0) continue;
  const predicted = classifyMany(examples.map((e) => e.text)).map((r) => r.label);
  const s = score(
    examples.map((e) => e.label),
    predicted,
  );
  console.log(`| ${set} | ${s.n} | ${s.accuracy.toFixed(2)} | ${s.macroF1.toFixed(2)} |`);
}
