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
  "uts2017-bank/test",
  "brand-news/dev",
  "cafef-headlines/test",
];
const TEXTS_PER_SOURCE = 2_500;

// Single-threaded sentiment throughput on ~12k real texts (social media, feedback, reviews, bank posts, news
// headlines and sentences), model already loaded. Wall-clock and, because the machine is often shared, per second of
// this process's own CPU time too (the figure a quiet core would reach).
export default async function () {
  const texts = SOURCES.flatMap((source) =>
    readFileSync(new URL(`${source}.jsonl`, DATASETS), "utf8")
      .split("\n")
      .filter(Boolean)
      .slice(0, TEXTS_PER_SOURCE)
      .map((line) => (JSON.parse(line) as { text: string }).text),
  );
  const cpuSeconds = (from: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(from);
    return (used.user + used.system) / 1e6;
  };
  let t = performance.now();
  let cpu = process.cpuUsage();
  sentimentModel();
  console.log(`model load: ${(performance.now() - t).toFixed(0)} ms (${(cpuSeconds(cpu) * 1000).toFixed(0)} ms of CPU)`);

  for (const text of texts.slice(0, 2_000)) classify(text); // warm-up (JIT)
  t = performance.now();
  cpu = process.cpuUsage();
  let positives = 0;
  for (const text of texts) if (classify(text).label === 1) positives++;
  const elapsed = (performance.now() - t) / 1000;
  const busy = cpuSeconds(cpu);
  const chars = texts.reduce((n, s) => n + s.length, 0);
  console.log(`texts: ${texts.length} (mean ${(chars / texts.length).toFixed(0)} chars), ${positives} positive`);
  console.log(`throughput: ${Math.round(texts.length / elapsed).toLocaleString("en")} docs/s on one core`);
  console.log(`throughput per CPU-second: ${Math.round(texts.length / busy).toLocaleString("en")} docs`);

  // The same texts read as consumers' reviews with stars (the consumer head instead of the news head, and the stars).
  t = performance.now();
  for (const text of texts) classify(text, { kind: "review", rating: 4 });
  const asReviews = (performance.now() - t) / 1000;
  console.log(`read as reviews with stars: ${Math.round(texts.length / asReviews).toLocaleString("en")} docs/s on one core`);
}
