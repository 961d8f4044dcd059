// The general head: reviews, comments and feedback (the writer's own sentiment). One NB-LR over every general set,
// set shares chosen on their dev splits; class offsets and temperature calibrated on those dev splits.
import { DEFAULT_FEATURES, type FeatureConfig } from "../../src/server/nlp/sentiment/features.ts";
import type { Head } from "../../src/server/nlp/sentiment/model-format.ts";
import { tuneOffsets, tuneOffsetsForMacroF1, tuneTemperature, type DevLogits } from "./calibrate.ts";
import { CONSUMER_SETS, GENERAL_SETS, loadSplit, type Example } from "./datasets.ts";
import { effectiveWeights, fitSoftmax, nbRatios } from "./softmax-regression.ts";
import { buildVocabulary, vectorize } from "./vectorize.ts";
import { headLogits } from "./heads.ts";

export type GeneralSet = (typeof GENERAL_SETS)[number];
type ReviewSet = GeneralSet | (typeof CONSUMER_SETS)[number];

export interface GeneralSettings {
  /** Share of the total training weight each set gets, spread evenly over its texts (absent: 0). */
  setShare: Partial<Record<ReviewSet, number>>;
  /** Share of the total training weight our written texts get (the consumer head's; absent: 0). */
  writtenShare?: number;
  l2: number;
  /** Scale the features by naive-Bayes log-count ratios while fitting (NB-LR); 0 = plain LR. */
  nbAlpha: number;
  minDocs: number;
  features: FeatureConfig;
}

// VLSP 2016 is the only balanced 3-class set: at equal share the rarer neutral class of the others drowns its neutral
// comments. The long ABSA reviews carry derived (lossy) labels, so they count half.
export const GENERAL_SETTINGS: GeneralSettings = {
  setShare: {
    "vlsp2016-sa": 3,
    "uit-vsfc": 2,
    "uit-visfd": 1,
    "vlsp2018-absa-hotel": 0.5,
    "vlsp2018-absa-restaurant": 0.5,
    "aivivn-2019": 1,
    "uts2017-bank": 1,
  },
  l2: 1e-4,
  nbAlpha: 1,
  minDocs: 2,
  features: DEFAULT_FEATURES,
};

export interface GeneralHead {
  /** Offsets folded into the bias, temperature set. */
  head: Head;
  offsets: number[];
  /** Calibrated-bias logits on each general dev split. */
  dev: DevLogits[];
}

/**
 * Fitted on the sets with a share. The class offsets and the temperature are chosen on the general dev splits for the
 * general head's targets, or, given `tunedOn`, on that one set's dev split for its macro-F1 (the consumer head).
 */
/** `heldOut`: line indexes of the `tunedOn` set's train split left out (the corrections bench's base). */
export function trainGeneralHead(
  s: GeneralSettings,
  log: (m: string) => void,
  tunedOn?: ReviewSet,
  heldOut: ReadonlySet<number> = new Set(),
  written: Example[] = [],
): GeneralHead {
  const examples: Example[] = [];
  const weights: number[] = [];
  const add = (rows: Example[], share: number | undefined) => {
    if (!share || rows.length === 0) return;
    examples.push(...rows);
    for (let i = 0; i < rows.length; i++) weights.push((share * 10_000) / rows.length);
  };
  for (const set of [...GENERAL_SETS, ...CONSUMER_SETS])
    if (s.setShare[set])
      add(
        loadSplit(set, "train").filter((_, i) => set !== tunedOn || !heldOut.has(i)),
        s.setShare[set],
      );
  add(written, s.writtenShare);
  const vocab = buildVocabulary(
    examples.map((e) => e.text),
    s.features,
    s.minDocs,
  );
  const rows = vectorize(examples, vocab, s.features);
  rows.weights.set(weights);
  const name = tunedOn ? `${tunedOn} head` : "general head";
  log(`${name}: ${examples.length} texts, ${vocab.columns.size} features`);
  const model = fitSoftmax(rows, {
    l2: s.l2,
    maxIterations: 1000,
    tolerance: 1e-4,
    history: 10,
    scale: s.nbAlpha ? nbRatios(rows, s.nbAlpha) : undefined,
    log: (m) => log(`  ${name} ${m}`),
  });
  const head: Head = {
    features: s.features,
    hashes: Uint32Array.from(vocab.columns.keys()),
    docFreq: vocab.docFreq,
    documents: vocab.documents,
    outputs: 3,
    weights: Float32Array.from(effectiveWeights(model)),
    bias: Array.from(model.bias),
    temperature: 1,
  };
  const raw = (tunedOn ? [tunedOn] : GENERAL_SETS)
    .map((set) => {
      const dev = loadSplit(set, "dev");
      return { set, gold: dev.map((e) => e.label), logits: headLogits(head, dev) as [number, number, number][] };
    })
    .filter((d) => d.gold.length > 0);
  const offsets = tunedOn ? tuneOffsetsForMacroF1(raw[0].gold, raw[0].logits) : tuneOffsets(raw);
  head.bias = head.bias.map((b, k) => b + offsets[k]);
  head.temperature = tuneTemperature(raw, offsets);
  const dev = raw.map((d) => ({ ...d, logits: d.logits.map((z) => z.map((v, k) => v + offsets[k]) as [number, number, number]) }));
  log(`${name}: offsets [${offsets}], temperature ${head.temperature}`);
  return { head, offsets, dev };
}
