import { readFileSync } from "node:fs";
import { decodeModel } from "./model-format.ts";
import type { ReadingContext } from "./reading-context.ts";
import { SentimentModel, type Explanation, type SentimentResult } from "./sentiment-model.ts";

export type { SentimentLabel, SentimentResult } from "./sentiment-model.ts";

export const MODEL_URL = new URL("../model/sentiment.bin", import.meta.url);

let model: SentimentModel | undefined;

/** The committed model, read and indexed on first use only. */
export function sentimentModel(): SentimentModel {
  model ??= new SentimentModel(decodeModel(readFileSync(MODEL_URL)));
  return model;
}

/**
 * Sentiment of one whole text: label 0 neutral, 1 positive, 2 negative, with the three class probabilities. The
 * context (channel, kind, stars), when known, says which head reads the text and adds the stars' evidence.
 */
export function classify(text: string, context?: ReadingContext): SentimentResult {
  return sentimentModel().classify(text, context);
}

export function classifyMany(texts: readonly string[], contexts?: readonly (ReadingContext | undefined)[]): SentimentResult[] {
  const m = sentimentModel();
  return texts.map((t, i) => m.classify(t, contexts?.[i]));
}

/** classify() plus the words and phrases that pushed the text towards its label, strongest first. */
export function explain(text: string, context?: ReadingContext): Explanation {
  return sentimentModel().explain(text, context);
}
