import { type Adaptation, type AnchorExample, adapt, type CorrectionExample, fitAdaptation } from "./adaptation.ts";

/** The L2 penalties tried, weakest first. */
const L2_GRID = [0.3, 1, 3, 10];
const FOLDS = 5;

const log = (p: number) => Math.log(Math.max(p, 1e-12));

/**
 * The adaptation fitted with the L2 penalty whose fit loses least out of fold (5 folds over the corrections and the
 * anchors alike): the log-loss of the held-out corrections plus the KL divergence from the base of the held-out
 * anchors — the fit's own objective, measured on texts it did not see. A penalty that lets the corrections' words move
 * texts they were not learnt from pays on the anchors; one too strong to learn the corrections pays on them.
 */
export function fitWithChosenStrength(
  corrections: readonly CorrectionExample[],
  anchors: readonly AnchorExample[],
): { adaptation: Adaptation; l2: number } {
  const readings = new Map([...corrections, ...anchors].map((e) => [e.text, e.base]));
  let best = { loss: Infinity, l2: L2_GRID[0] };
  for (const l2 of L2_GRID) {
    let loss = 0;
    for (let fold = 0; fold < FOLDS; fold++) {
      const out = <T>(rows: readonly T[]) => rows.filter((_, i) => i % FOLDS === fold);
      const kept = <T>(rows: readonly T[]) => rows.filter((_, i) => i % FOLDS !== fold);
      const read = adapt((text) => readings.get(text)!, fitAdaptation(kept(corrections), { l2, anchors: kept(anchors) }));
      for (const c of out(corrections)) loss -= log(read(c.text).scores[c.label]);
      for (const a of out(anchors)) {
        const p = read(a.text).scores;
        loss += a.base.scores.reduce((sum, q, c) => sum + q * (log(q) - log(p[c])), 0);
      }
    }
    if (loss < best.loss) best = { loss, l2 };
  }
  return { adaptation: fitAdaptation(corrections, { l2: best.l2, anchors }), l2: best.l2 };
}
