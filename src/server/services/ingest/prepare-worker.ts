import { parentPort } from "node:worker_threads";
import { committedBaseModel } from "../../nlp/sentiment/base-model.ts";
import type { ClassifySentiment } from "../../nlp/sentiment/reader.ts";
import { prepareAll, type PrepareReply, type PrepareRequest } from "./prepare-documents.ts";

// A worker thread started by prepare-documents.ts: it turns collected items into document rows (NFC, search text,
// sentiment by the committed model, noise, province) and story features, the CPU-heavy part of an ingest, while the
// thread that started it writes the batch before.

const base = committedBaseModel();
const classify: ClassifySentiment = (text, context) => base.model.classify(text, context);

parentPort!.on("message", ({ id, documents, context }: PrepareRequest) => {
  let reply: PrepareReply;
  try {
    reply = { id, prepared: prepareAll(documents, classify, context) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(reply);
});
