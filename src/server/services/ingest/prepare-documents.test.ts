import { expect, test } from "vitest";
import type { CollectedDocument } from "./collected-document.ts";
import { generateDemoDocuments } from "../../demo/generate-demo-documents.ts";
import { createLogger } from "../../log.ts";
import { committedBaseModel } from "../../nlp/sentiment/base-model.ts";
import { prepareInThread, prepareInWorker, type PrepareContext } from "./prepare-documents.ts";

const context = (documents: CollectedDocument[]): PrepareContext => ({
  now: new Date("2026-11-21T03:00:00Z"),
  scope: "pool",
  repeatCounts: documents.map((_, i) => i % 3),
});

test("the worker thread prepares the same rows and story features as the calling thread, in order", async () => {
  const documents = generateDemoDocuments([{ name: "Sữa Mộc Lan", share: 1 }], 300, new Date("2026-11-21T03:00:00Z"));
  const base = committedBaseModel();
  const here = await prepareInThread((text, reading) => base.model.classify(text, reading))(documents, context(documents));
  const there = await prepareInWorker(createLogger("silent"))(documents, context(documents));
  expect(there).toEqual(here);
  expect(there.map((p) => p.row.external_id)).toEqual(documents.map((d) => d.externalId));
  expect(new Set(there.map((p) => p.row.sentiment)).size).toBeGreaterThan(1);
});

test("a batch the worker cannot prepare fails with its reason, and the next batch is prepared", async () => {
  const prepare = prepareInWorker(createLogger("silent"));
  const [good] = generateDemoDocuments([{ name: "Sữa Mộc Lan", share: 1 }], 1, new Date("2026-11-21T03:00:00Z"));
  const broken = { ...good, metrics: undefined } as unknown as CollectedDocument;
  await expect(prepare([good, broken], context([good, broken]))).rejects.toThrow(/preparing documents failed: TypeError/);
  const [prepared] = await prepare([good], context([good]));
  expect(prepared.row.external_id).toBe(good.externalId);
});
