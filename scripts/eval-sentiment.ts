// Scores the committed model (through the product's classify()) on every labelled set: the test split, or the dev
// split for brand-news and brand-social (their test splits are hidden). Accuracy, macro-F1 and neutral F1, in percent.
// brand-social is also read as the product reads a mention: with its kind and channel, then with its stars too.
import { classifyMany } from "../src/server/nlp/sentiment/classify.ts";
import { classifyMention } from "../src/server/nlp/sentiment/classify-mention.ts";
import type { ReadingContext } from "../src/server/nlp/sentiment/reading-context.ts";
import { classF1 } from "../src/server/nlp/sentiment/score.ts";
import { loadConsumerSplit, loadSplit, SCORED_SPLIT, SENTIMENT_SETS, type Example } from "./sentiment/datasets.ts";
import { score } from "./sentiment/metrics.ts";

function row(name: string, split: string, examples: Example[], contexts?: (ReadingContext | undefined)[]): string {
  const predicted = classifyMany(
    examples.map((e) => e.text),
    contexts,
  ).map((r) => r.label);
  return scoreRow(name, split, examples, predicted);
}

function scoreRow(name: string, split: string, examples: Example[], predicted: number[]): string {
  const gold = examples.map((e) => e.label);
  const s = score(gold, predicted);
  const neutral = classF1(gold, predicted, 0);
  return `| ${name} | ${split} | ${s.n} | ${s.accuracy.toFixed(2)} | ${s.macroF1.toFixed(2)} | ${neutral.toFixed(2)} |`;
}

console.log("| set | split | texts | accuracy | macro-F1 | neutral F1 |");
console.log("|---|---|---:|---:|---:|---:|");
for (const set of SENTIMENT_SETS) {
  const split = SCORED_SPLIT[set];
  const examples = loadSplit(set, split);
  if (examples.length > 0) console.log(row(set, split, examples));
}
const consumer = loadConsumerSplit("dev");
const withoutStars = consumer.map(({ context: { rating, ...where } }) => where);
console.log(row("brand-social, with kind and channel", "dev", consumer, withoutStars));
console.log(
  row(
    "brand-social, with kind, channel and stars",
    "dev",
    consumer,
    consumer.map((e) => e.context),
  ),
);
const asMentions = consumer.map((e) => classifyMention(e.text, { ...e.context, keywords: [e.brand] }).label);
console.log(scoreRow("brand-social, as a mention of its brand (CLI: keywords, kind, channel, stars)", "dev", consumer, asMentions));
const rated = consumer.filter((e) => e.context.rating);
console.log(row("brand-social rows with stars, text only", "dev", rated));
console.log(
  row(
    "brand-social rows with stars, with kind, channel and stars",
    "dev",
    rated,
    rated.map((e) => e.context),
  ),
);
