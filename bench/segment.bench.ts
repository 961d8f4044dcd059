import { readFileSync } from "node:fs";
import { generateDemoDocuments } from "../src/server/demo/generate-demo-documents.ts";
import { getLexicon } from "../src/server/nlp/segment-lexicon.ts";
import { segmentTokens } from "../src/server/nlp/segment.ts";
import { topWords } from "../src/server/nlp/top-words.ts";

// Word segmentation and keyword-cloud throughput on one core: 3,000 demo mentions (what the overview's top-words
// widget reads per request) and up to 10,000 real posts and reviews from ../shared/datasets (measuring only).

const WIDGET_TEXTS = 3_000;
const REAL_SOURCES = ["uit-vsfc/train", "vihsd/train", "vlsp2018-absa-hotel/train"];
const REAL_PER_SOURCE = 3_334;

function demoTexts(): string[] {
  const docs = generateDemoDocuments(
    [
      { name: "Vinamilk", share: 0.5 },
      { name: "TH true MILK", share: 0.3 },
      { name: "Nutifood", share: 0.2 },
    ],
    WIDGET_TEXTS,
    new Date("2026-01-01"),
  );
  return docs.map((d) => `${d.title ?? ""}\n${d.content}`);
}

function realTexts(): string[] {
  return REAL_SOURCES.flatMap((source) =>
    readFileSync(new URL(`../../shared/datasets/${source}.jsonl`, import.meta.url), "utf8")
      .split("\n")
      .filter(Boolean)
      .slice(0, REAL_PER_SOURCE)
      .map((line) => (JSON.parse(line) as { text: string }).text),
  );
}

function timed(run: () => void): number {
  const start = performance.now();
  run();
  return (performance.now() - start) / 1000;
}

function report(label: string, texts: string[]): void {
  for (const text of texts.slice(0, 1_000)) segmentTokens(text); // warm-up (JIT)
  const seconds = timed(() => texts.forEach((text) => segmentTokens(text)));
  const meanChars = texts.reduce((n, t) => n + t.length, 0) / texts.length;
  console.log(
    `${label}: ${texts.length} texts (mean ${meanChars.toFixed(0)} chars), segment ${Math.round(texts.length / seconds).toLocaleString("en")} docs/s`,
  );
}

export default async function (): Promise<void> {
  console.log(`word list load: ${(timed(getLexicon) * 1000).toFixed(0)} ms`);
  const demo = demoTexts();
  report("demo mentions", demo);
  report("real posts and reviews", realTexts());
  topWords(demo); // warm-up
  const runs = 5;
  const seconds = timed(() => {
    for (let i = 0; i < runs; i++) topWords(demo, { limit: 50 });
  });
  console.log(`topWords over ${demo.length} demo mentions: ${((seconds / runs) * 1000).toFixed(0)} ms per call`);
}
