// What a review's stars say about its label, counted on the consumer rows that have stars: for stars r and class c,
// log P(c | r) − log P(c), add-one smoothed. Added to the text's log-scores it is the naive-Bayes combination
// P(c | text, r) ∝ P(c | text) · P(r | c), taking the stars and the words as independent given the label.
import { RATING_MAX } from "../../src/shared/mention.ts";
import type { ConsumerExample } from "./datasets.ts";

export function ratingEvidence(rows: readonly ConsumerExample[]): number[] {
  const counts = Array.from({ length: RATING_MAX }, () => [0, 0, 0]);
  for (const { label, context } of rows) if (context.rating) counts[context.rating - 1][label]++;
  const byClass = [0, 1, 2].map((c) => counts.reduce((sum, r) => sum + r[c], 0));
  const total = byClass[0] + byClass[1] + byClass[2];
  return counts.flatMap((r) => {
    const n = r[0] + r[1] + r[2];
    return [0, 1, 2].map((c) => +(Math.log((r[c] + 1) / (n + 3)) - Math.log((byClass[c] + 1) / (total + 3))).toFixed(4));
  });
}
