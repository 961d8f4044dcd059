import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { MODEL_URL, sentimentModel } from "./classify.ts";
import { decodeModel } from "./model-format.ts";
import { SentimentModel } from "./sentiment-model.ts";

/** A base sentiment model, shared by every account, with the version stored next to what it reads. */
export type BaseModel = { version: string; model: SentimentModel };

/**
 * "base-" and the first 12 hex digits of the SHA-256 of the model file, so a retrained model gets a new version without
 * anyone bumping a number, and an adaptation learnt on another base is recognised.
 */
const versionOf = (bytes: Uint8Array) => `base-${createHash("sha256").update(bytes).digest("hex").slice(0, 12)}`;

/** A model file other than the committed one (the corrections bench's base trained without held-back rows). */
export function loadBaseModel(path: string | URL): BaseModel {
  const bytes = readFileSync(path);
  return { version: versionOf(bytes), model: new SentimentModel(decodeModel(bytes)) };
}

let committed: BaseModel | undefined;

/** The committed model (the instance classify() reads with), read on first use only. */
export function committedBaseModel(): BaseModel {
  committed ??= { version: versionOf(readFileSync(MODEL_URL)), model: sentimentModel() };
  return committed;
}
