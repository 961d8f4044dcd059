// The news head: headlines and sentences about a company, read toward the brand (brand-news rubric). A logistic
// regression over word/bigram/character features, the mean word vector of the text (vectors learnt on the unlabelled
// news titles; its weights are a 3 × dim matrix, so every unit with a vector gets a weight, seen in labelled text or
// not) and the general head's log-probabilities (what reviews taught about evaluative words, reused).
import { vectorUnitHash, type FeatureConfig } from "../../src/server/nlp/sentiment/features.ts";
import type { Head } from "../../src/server/nlp/sentiment/model-format.ts";
import type { Example } from "./datasets.ts";
import { headLogits, logSoftmax } from "./heads.ts";
import { fitSoftmax, nbRatios } from "./softmax-regression.ts";
import { buildVocabulary, vectorize, withDenseColumns } from "./vectorize.ts";
import type { WordVectors } from "./word-vectors.ts";

/** A head that reads the general head's log-probabilities besides its own features (the news and consumer heads). */
export interface StackedHeadSettings {
  /** Reweight so that each class has the same total weight (macro-F1 counts every class alike). */
  balanceClasses: boolean;
  l2: number;
  /** L-BFGS stops when the gradient falls below this fraction of its initial norm (1e-3 and 1e-4 score alike). */
  tolerance: number;
  minDocs: number;
  /** Group weights; `vectors` is the weight of the mean word vector. */
  features: FeatureConfig;
  /** Scale of the general head's log-probabilities as inputs. */
  stackWeight: number;
  /** Naive-Bayes log-count-ratio scaling of the sparse features (NB-LR, as the general head), 0 = plain LR. */
  nbAlpha?: number;
  /** Folds of the head's own train split for the out-of-fold scores the offsets are tuned on. */
  folds: number;
}

export interface NewsSettings extends StackedHeadSettings {
  /** Weight of one text of each source (a brand-news train text weighs 1; 0 leaves the source out). */
  textWeight: { "brand-news": number; "cafef-headlines": number; "news-titles": number; "synthetic-news": number };
}

export interface NewsTraining {
  examples: Example[];
  /** Row weights (shares and class weights applied). */
  weights: number[];
}

export interface NewsHead {
  head: Head;
  stack: number[];
}

/** The general head's calibrated log-probabilities, the news head's stacked inputs. */
export function generalLogProbs(general: Head, examples: Example[]): number[][] {
  return headLogits(general, examples).map((z) => logSoftmax(z, general.temperature));
}

export function trainNewsHead(
  data: NewsTraining,
  general: Head,
  vectors: WordVectors,
  s: StackedHeadSettings,
  log?: (m: string) => void,
): NewsHead {
  const { examples } = data;
  const unitHashes = vectors.units.map(vectorUnitHash);
  const vocab = buildVocabulary(
    examples.map((e) => e.text),
    s.features,
    s.minDocs,
    s.features.vectors ? unitHashes : [],
  );
  const sparse = vectorize(examples, vocab, s.features);
  sparse.weights.set(data.weights);
  const projected = new Map<number, number>();
  unitHashes.forEach((h, u) => {
    const col = vocab.columns.get(h);
    if (col !== undefined) projected.set(col, u);
  });
  const stack = Float64Array.from(generalLogProbs(general, examples).flat(), (v) => v * s.stackWeight);
  const rows = withDenseColumns(sparse, projected, vectors.vectors, vectors.dim, stack, 3);
  let scale: Float32Array | undefined;
  if (s.nbAlpha) {
    scale = nbRatios(rows, s.nbAlpha);
    scale.fill(1, sparse.features * 3);
  }
  const model = fitSoftmax(rows, { l2: s.l2, maxIterations: 1000, tolerance: s.tolerance, history: 10, scale });
  log?.(`news head: ${examples.length} texts, ${vocab.columns.size} features, ${model.iterations} iterations`);

  // Fold the dense coefficients back: a unit's weight is A · its vector; the stack matrix is B · stackWeight.
  const F = sparse.features;
  const dim = vectors.dim;
  const coefficient = (col: number, c: number) => model.weights[col * 3 + c] * (scale ? scale[col * 3 + c] : 1);
  const weights = new Float32Array(F * 3);
  for (let col = 0; col < F; col++) {
    const u = projected.get(col);
    for (let c = 0; c < 3; c++) {
      if (u === undefined) weights[col * 3 + c] = coefficient(col, c);
      else {
        let w = 0;
        for (let k = 0; k < dim; k++) w += coefficient(F + k, c) * vectors.vectors[u * dim + k];
        weights[col * 3 + c] = w;
      }
    }
  }
  const stackMatrix = [0, 1, 2].flatMap((c) => [0, 1, 2].map((j) => coefficient(F + dim + j, c) * s.stackWeight));
  return {
    head: {
      features: s.features,
      hashes: Uint32Array.from(vocab.columns.keys()),
      docFreq: vocab.docFreq,
      documents: vocab.documents,
      outputs: 3,
      weights,
      bias: Array.from(model.bias),
      temperature: 1,
    },
    stack: stackMatrix,
  };
}

/** The news head's raw logits (bias and stack included, before temperature), as the shipped model computes them. */
export function newsLogits(news: NewsHead, general: Head, examples: Example[]): number[][] {
  const lg = generalLogProbs(general, examples);
  return headLogits(news.head, examples).map((z, i) =>
    z.map((v, c) => v + news.stack[c * 3] * lg[i][0] + news.stack[c * 3 + 1] * lg[i][1] + news.stack[c * 3 + 2] * lg[i][2]),
  );
}
