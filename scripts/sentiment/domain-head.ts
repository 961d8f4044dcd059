// The domain head: how much a text reads like news coverage (headlines, article sentences) rather than a review,
// comment or post. Logistic regression, news = brand-news, cafef-headlines and news-titles (labelled or not), general
// = every general set's train split; each side half of the weight.
import type { FeatureConfig } from "../../src/server/nlp/sentiment/features.ts";
import type { Head } from "../../src/server/nlp/sentiment/model-format.ts";
import type { Example } from "./datasets.ts";
import { fitSoftmax } from "./softmax-regression.ts";
import { buildVocabulary, vectorize } from "./vectorize.ts";

export interface DomainSettings {
  l2: number;
  minDocs: number;
  features: FeatureConfig;
  /** Every n-th unlabelled title joins the news side. */
  titleStride: number;
}

export function trainDomainHead(news: string[], general: string[], s: DomainSettings, log?: (m: string) => void): Head {
  const examples: Example[] = [
    ...general.map((text) => ({ text, label: 0 as const })),
    ...news.map((text) => ({ text, label: 1 as const })),
  ];
  const vocab = buildVocabulary(
    examples.map((e) => e.text),
    s.features,
    s.minDocs,
  );
  const rows = vectorize(examples, vocab, s.features);
  rows.weights.set(examples.map((e) => (e.label ? 1 / news.length : 1 / general.length)));
  // Two classes in a three-class fit: the third never occurs; the news logit is the difference of the other two.
  const model = fitSoftmax(rows, { l2: s.l2, maxIterations: 300, tolerance: 1e-4, history: 10 });
  log?.(
    `domain head: ${news.length} news and ${general.length} general texts, ${vocab.columns.size} features, ${model.iterations} iterations`,
  );
  const weights = new Float32Array(vocab.columns.size);
  for (let j = 0; j < weights.length; j++) weights[j] = model.weights[j * 3 + 1] - model.weights[j * 3];
  return {
    features: s.features,
    hashes: Uint32Array.from(vocab.columns.keys()),
    docFreq: vocab.docFreq,
    documents: vocab.documents,
    outputs: 1,
    weights,
    bias: [model.bias[1] - model.bias[0]],
    temperature: 1,
  };
}
