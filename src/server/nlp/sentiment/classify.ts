import { readFileSync } from "node:fs";
import { decodeModel } from "./model-format.ts";
import { SentimentModel, type Explanation, type SentimentResult } from "./sentiment-model.ts";

export type { SentimentLabel, SentimentResult } from "./sentiment-model.ts";

export const MODEL_URL = new URL("../model/sentiment.bin", import.meta.url);

let model: SentimentModel | undefined;

/** The committed model, read and indexed on first use only. */
export function sentimentModel(): SentimentModel {
  model ??= new SentimentModel(decodeModel(readFileSync(MODEL_URL)));
  return model;
}

/** Sentiment of one whole text: label 0 neutral, 1 positive, 2 negative, with the three class probabilities. */
export function classify(text: string): SentimentResult {
  return sentimentModel().classify(text);
}

export function classifyMany(texts: readonly string[]): SentimentResult[] {
  const m = sentimentModel();
  return texts.map((t) => m.classify(t));
}

/** classify() plus the words and phrases that pushed the text towards its label, strongest first. */
export function explain(text: string): Explanation {
  return sentimentModel().explain(text);
}
