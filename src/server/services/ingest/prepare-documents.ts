import type { Insertable } from "kysely";
import { Worker } from "node:worker_threads";
import type { CollectedDocument } from "./collected-document.ts";
import type { DocumentsTable } from "../../db/schema.ts";
import type { Logger } from "../../log.ts";
import type { DocumentScope } from "../../db/document-scope.ts";
import type { StoryText } from "../../nlp/near-duplicate.ts";
import { committedBaseModel } from "../../nlp/sentiment/base-model.ts";
import { documentStoryText } from "../stories/assign-stories.ts";
import { prepareDocument } from "./prepare-document.ts";
import type { ClassifySentiment } from "../../nlp/sentiment/reader.ts";
import { TSX_EXEC_ARGV } from "../../worker-threads.ts";

/** What every document of a batch is prepared with; `repeatCounts[i]` is how often document i's text was seen before. */
export type PrepareContext = { now: Date; scope: DocumentScope; isDemo?: boolean; repeatCounts: number[] };
export type PrepareRequest = { id: number; documents: CollectedDocument[]; context: PrepareContext };
/** A collected item as its document row, with the features its story is found by. */
type PreparedDocument = { row: Insertable<DocumentsTable>; story: StoryText };
export type PrepareReply = { id: number; prepared: PreparedDocument[] } | { id: number; error: string };

/** Collected items as prepared documents, in order. */
export type PrepareDocuments = (documents: CollectedDocument[], context: PrepareContext) => Promise<PreparedDocument[]>;

/** The CPU work of an ingest, wherever it runs; copies of one title and content share one story computation. */
export function prepareAll(documents: CollectedDocument[], classify: ClassifySentiment, context: PrepareContext): PreparedDocument[] {
  const stories = new Map<string, StoryText>();
  return documents.map((doc, i) => {
    const row = prepareDocument(doc, classify, { ...context, repeatCount: context.repeatCounts[i] });
    const text = `${row.title ?? ""}\u0000${row.content}`;
    const story = stories.get(text) ?? documentStoryText(row);
    stories.set(text, story);
    return { row, story };
  });
}

/** In the calling thread, with the given reader: for a base model other than the committed one (tests, the corrections bench). */
export function prepareInThread(classify: ClassifySentiment): PrepareDocuments {
  return async (documents, context) => prepareAll(documents, classify, context);
}

const WORKER_FILE = new URL("./prepare-worker.ts", import.meta.url);
const WORKER_OPTIONS = { execArgv: TSX_EXEC_ARGV };

/**
 * In one worker thread reading with the committed model, so a batch is prepared while the batch before is written (a
 * web process's event loop also stays free meanwhile). Started at the first batch and never keeping the process alive.
 * Nothing is lost to the worker: the batches a dying worker held are prepared in the calling thread, the next batch
 * starts another worker, and a worker that cannot start at all (a runtime without worker support for tsx) leaves the
 * process preparing in its own thread.
 */
export function prepareInWorker(log: Logger): PrepareDocuments {
  // One worker per process, whatever number of dependency sets (tests make many).
  shared ??= workerPreparer(log);
  return shared;
}

let shared: PrepareDocuments | undefined;

type Waiting = {
  documents: CollectedDocument[];
  context: PrepareContext;
  resolve: (prepared: PreparedDocument[]) => void;
  reject: (error: Error) => void;
};

function workerPreparer(log: Logger): PrepareDocuments {
  const inThread = prepareInThread((text, context) => committedBaseModel().model.classify(text, context));
  let worker: Worker | null = null;
  let workerWorks = true;
  let nextId = 0;
  const pending = new Map<number, Waiting>();

  const start = () => {
    const started = new Worker(WORKER_FILE, WORKER_OPTIONS);
    let answered = false;
    started.unref();
    started.on("message", (reply: PrepareReply) => {
      answered = true;
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (!waiting) return;
      if ("prepared" in reply) waiting.resolve(reply.prepared);
      else waiting.reject(new Error(`preparing documents failed: ${reply.error}`));
    });
    const fail = (cause: unknown) => {
      if (worker !== started) return;
      worker = null;
      if (!answered) workerWorks = false;
      log.error("The document preparation worker stopped; its batches are prepared in this thread", cause);
      for (const { documents, context, resolve, reject } of pending.values()) inThread(documents, context).then(resolve, reject);
      pending.clear();
    };
    started.on("error", fail);
    started.on("exit", (code) => fail(new Error(`exit code ${code}`)));
    return started;
  };

  return (documents, context) => {
    if (!workerWorks) return inThread(documents, context);
    worker ??= start();
    const id = nextId++;
    const reply = new Promise<PreparedDocument[]>((resolve, reject) => pending.set(id, { documents, context, resolve, reject }));
    // A pending batch keeps the worker referenced, so the process waits for its rows.
    worker.ref();
    const used = worker;
    worker.postMessage({ id, documents, context } satisfies PrepareRequest);
    return reply.finally(() => {
      if (pending.size === 0) used.unref();
    });
  };
}
