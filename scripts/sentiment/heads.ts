import type { Head } from "../../src/server/nlp/sentiment/model-format.ts";
import type { Example } from "./datasets.ts";
import { vectorize, type Vocabulary } from "./vectorize.ts";

export function vocabularyOf(head: Head): Vocabulary {
  return { columns: new Map(Array.from(head.hashes, (h, i) => [h, i])), docFreq: head.docFreq, documents: head.documents };
}

/** A head's raw outputs (bias included, before temperature) for each example, as the shipped model computes them. */
export function headLogits(head: Head, examples: Example[]): number[][] {
  const rows = vectorize(examples, vocabularyOf(head), head.features);
  const k = head.outputs;
  return examples.map((_, r) => {
    const z = head.bias.slice(0, k);
    for (let p = rows.offsets[r]; p < rows.offsets[r + 1]; p++)
      for (let c = 0; c < k; c++) z[c] += rows.values[p] * head.weights[rows.indices[p] * k + c];
    return z;
  });
}

export function logSoftmax(z: readonly number[], t: number): number[] {
  const a = z.map((v) => v / t);
  const m = Math.max(...a);
  const lse = m + Math.log(a.reduce((s, v) => s + Math.exp(v - m), 0));
  return a.map((v) => v - lse);
}
