import { readFileSync } from "node:fs";
import { classify, sentimentModel } from "../src/server/nlp/sentiment/classify.ts";

const DATASETS = new URL("../../shared/datasets/", import.meta.url);
const SOURCES = [
  "vihsd/test",
  "aivivn-2019/train",
  "uit-vsfc/test",
  "uit-visfd/test",
  "vlsp2016-sa/test",
  "vlsp2018-absa-hotel/test",
  "vlsp2018-absa-restaurant/test",
];
const TEXTS_PER_SOURCE = 2_500;

// Single-threaded sentiment throughput on ~10k real texts (social media, feedback, reviews), model already loaded.
export default async function () {
  const texts = SOURCES.flatMap((source) =>
    readFileSync(new URL(`${source}.jsonl`, DATASETS), "utf8")
      .split("\n")
      .filter(Boolean)
      .slice(0, TEXTS_PER_SOURCE)
      .map((line) => (JSON.parse(line) as { text: string }).text),
  );
  let t = performance.now();
  sentimentModel();
  console.log(`model load: ${(performance.now() - t).toFixed(0)} ms`);

  for (const text of texts.slice(0, 2_000)) classify(text); // warm-up (JIT)
  t = performance.now();
  let positives = 0;
  for (const text of texts) if (classify(text).label === 1) positives++;
  const elapsed = (performance.now() - t) / 1000;
  const chars = texts.reduce((n, s) => n + s.length, 0);
  console.log(`texts: ${texts.length} (mean ${(chars / texts.length).toFixed(0)} chars), ${positives} positive`);
  console.log(`throughput: ${Math.round(texts.length / elapsed).toLocaleString("en")} docs/s on one core`);
}
