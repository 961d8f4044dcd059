// Research harness for the news head (not part of training): 5-fold out-of-fold logits of the news head on brand-news
// train, as the training script computes them, kept in /tmp/nghe-sentiment-cache/oof/TAG.json, and sums of two such runs.
//   node --import tsx scripts/sentiment/experiment.ts linear '{"l2":3e-5}' tag   (TITLE_WEIGHT=0.5 to reweight titles)
//   node --import tsx scripts/sentiment/experiment.ts mix tag1 tag2
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { withGroups } from "../../src/server/nlp/sentiment/features.ts";
import { cached } from "./cache.ts";
import { argmax, tuneOffsetsForMacroF1 } from "./calibrate.ts";
import { DATASETS_DIR, GENERAL_SETS, loadSplit, type Example } from "./datasets.ts";
import { GENERAL_SETTINGS, trainGeneralHead } from "./general-head.ts";
import { score } from "./metrics.ts";
import { newsLogits, trainNewsHead, type NewsSettings } from "./news-head.ts";
import { labelledTitles, readTitles } from "./news-titles.ts";
import { titleVectors } from "./word-vectors.ts";

const OUT = "/tmp/nghe-sentiment-cache/oof";
mkdirSync(OUT, { recursive: true });
const started = performance.now();
const log = (m: string) => console.log(`${m} (${((performance.now() - started) / 1000).toFixed(0)}s)`);

const code = (path: string) => new URL(path, import.meta.url);
const CODE = [
  "../../src/server/nlp/normalize.ts",
  "../../src/server/nlp/teencode.ts",
  "../../src/shared/vietnamese.ts",
  "../../src/server/nlp/sentiment/features.ts",
  "../../src/server/nlp/sentiment/hash.ts",
  "../../src/server/nlp/sentiment/vsfc-encoding.ts",
  "./vectorize.ts",
  "./softmax-regression.ts",
  "./datasets.ts",
  "./calibrate.ts",
].map(code);
const data = (sets: readonly string[], splits: string[]) =>
  sets.flatMap((set) => splits.map((split) => `${DATASETS_DIR}${set}/${split}.jsonl`)).filter((f) => existsSync(f));

export const NEWS: NewsSettings = {
  textWeight: { "brand-news": 1, "cafef-headlines": 0, "news-titles": 1 },
  balanceClasses: true,
  l2: 1e-4,
  tolerance: 1e-3,
  minDocs: 1,
  features: withGroups({ words: 1, bigrams: 1, chars: 1, vectors: 3 }),
  stackWeight: 1,
  folds: 5,
};

const mode = process.argv[2];
const brandTrain = loadSplit("brand-news", "train");
const gold = brandTrain.map((e) => e.label);
const folds = 5;
const foldOf = (i: number) => i % folds;

function report(name: string, logits: number[][]): void {
  const plain = score(
    gold,
    logits.map((z) => argmax(z)),
  ).macroF1;
  const off = tuneOffsetsForMacroF1(gold, logits);
  const tuned = score(
    gold,
    logits.map((z) => argmax(z, off)),
  ).macroF1;
  // offsets tuned on the other folds (honest), scored per fold
  const pred = new Array<number>(gold.length);
  for (let f = 0; f < folds; f++) {
    const idx = gold.map((_, i) => i).filter((i) => foldOf(i) !== f);
    const o = tuneOffsetsForMacroF1(
      idx.map((i) => gold[i]),
      idx.map((i) => logits[i]),
    );
    gold.forEach((_, i) => {
      if (foldOf(i) === f) pred[i] = argmax(logits[i], o);
    });
  }
  const honest = score(gold, pred).macroF1;
  console.log(`${name}: CV F1 plain ${plain.toFixed(2)}, offsets ${tuned.toFixed(2)} [${off}], cross-tuned offsets ${honest.toFixed(2)}`);
}

const load = (tag: string) => JSON.parse(readFileSync(`${OUT}/${tag}.json`, "utf8")) as number[][];

if (mode === "mix") {
  const tags = process.argv.slice(3);
  const parts = tags.map(load);
  parts.forEach((p, i) => report(tags[i], p));
  if (parts.length === 2) {
    for (const a of [0.25, 0.5, 0.75, 1, 1.5, 2]) {
      report(
        `${tags[0]} + ${a} × ${tags[1]}`,
        parts[0].map((z, i) => z.map((v, c) => v + a * parts[1][i][c])),
      );
    }
  }
} else {
  const general = cached(
    "general-head",
    { settings: GENERAL_SETTINGS, files: [...CODE, code("./general-head.ts"), ...data(GENERAL_SETS, ["train", "dev"])] },
    () => trainGeneralHead(GENERAL_SETTINGS, log),
  );
  const vectors = titleVectors();
  log(`ready: ${vectors.units.length} units`);
  const titles = readTitles();
  const titleExamples = labelledTitles(titles, [...brandTrain, ...loadSplit("brand-news", "dev"), ...loadSplit("cafef-headlines", "test")]);
  const titleWeight = Number(process.env.TITLE_WEIGHT ?? 1);
  const training = (brand: Example[]) => {
    const examples = [...brand, ...(titleWeight ? titleExamples : [])];
    const weights = examples.map((_, i) => (i < brand.length ? 1 : titleWeight));
    const total = [0, 0, 0];
    examples.forEach((e, i) => (total[e.label] += weights[i]));
    const all = total[0] + total[1] + total[2];
    examples.forEach((e, i) => (weights[i] *= all / (3 * total[e.label])));
    return { examples, weights };
  };
  const oof: number[][] = new Array(brandTrain.length);
  const tag = process.argv[4] ?? mode;
  const override = process.argv[3] ? JSON.parse(process.argv[3]) : {};
  for (let f = 0; f < folds; f++) {
    const held = brandTrain.filter((_, i) => foldOf(i) === f);
    const t = training(brandTrain.filter((_, i) => foldOf(i) !== f));
    const head = trainNewsHead(t, general.head, vectors, { ...NEWS, ...override });
    const z = newsLogits(head, general.head, held);
    let k = 0;
    brandTrain.forEach((_, i) => {
      if (foldOf(i) === f) oof[i] = z[k++];
    });
    log(`fold ${f + 1} done`);
  }
  writeFileSync(`${OUT}/${tag}.json`, JSON.stringify(oof));
  report(tag, oof);
}
