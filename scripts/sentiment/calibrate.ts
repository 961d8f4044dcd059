import { score } from "./metrics.ts";

export interface DevLogits {
  set: string;
  gold: number[];
  logits: [number, number, number][];
}

/** What the class offsets are chosen for: the mean of the product targets on the dev splits. */
export function targetObjective(dev: DevLogits[], offsets: readonly number[]): number {
  let sum = 0;
  for (const { set, gold, logits } of dev) {
    const s = score(
      gold,
      logits.map((z) => argmax(z, offsets)),
    );
    if (set === "vlsp2016-sa") sum += s.macroF1;
    else if (set === "uit-vsfc" || set === "uit-visfd") sum += s.accuracy;
  }
  return sum / 3;
}

export function argmax(z: readonly number[], offsets: readonly number[] = [0, 0, 0]): number {
  const a = z[0] + offsets[0];
  const b = z[1] + offsets[1];
  const c = z[2] + offsets[2];
  return a >= b && a >= c ? 0 : b >= c ? 1 : 2;
}

/** Neutral and negative offsets relative to positive, on a 0.1 grid; ties keep the smallest change. */
export function tuneOffsets(dev: DevLogits[]): [number, number, number] {
  let best: [number, number, number] = [0, 0, 0];
  let bestScore = targetObjective(dev, best);
  for (let a = -10; a <= 10; a++)
    for (let c = -10; c <= 10; c++) {
      const offsets: [number, number, number] = [a / 10, 0, c / 10];
      const s = targetObjective(dev, offsets);
      const smaller = Math.abs(a) + Math.abs(c) < Math.abs(best[0] * 10) + Math.abs(best[2] * 10);
      if (s > bestScore + 1e-9 || (Math.abs(s - bestScore) <= 1e-9 && smaller)) {
        bestScore = s;
        best = offsets;
      }
    }
  return best;
}

/** Temperature minimising the negative log-likelihood of the dev labels, each set weighted equally. */
export function tuneTemperature(dev: DevLogits[], offsets: readonly number[]): number {
  let best = 1;
  let bestLoss = Infinity;
  for (let t = 0.3; t <= 3.0001; t += 0.05) {
    let loss = 0;
    for (const { gold, logits } of dev) {
      let setLoss = 0;
      logits.forEach((z, i) => {
        const a = z.map((v, k) => (v + offsets[k]) / t);
        const m = Math.max(...a);
        const logSum = m + Math.log(a.reduce((s, v) => s + Math.exp(v - m), 0));
        setLoss += logSum - a[gold[i]];
      });
      loss += setLoss / gold.length;
    }
    if (loss < bestLoss) {
      bestLoss = loss;
      best = Math.round(t * 100) / 100;
    }
  }
  return best;
}

/** Neutral and negative offsets relative to positive (0.1 grid, ±1.5) maximising macro-F1; ties keep the smallest. */
export function tuneOffsetsForMacroF1(gold: readonly number[], logits: readonly (readonly number[])[]): [number, number, number] {
  let best: [number, number, number] = [0, 0, 0];
  let bestScore = -1;
  let bestSize = Infinity;
  for (let a = -15; a <= 15; a++)
    for (let c = -15; c <= 15; c++) {
      const offsets = [a / 10, 0, c / 10];
      const s = score(
        gold,
        logits.map((z) => argmax(z, offsets)),
      ).macroF1;
      const size = Math.abs(a) + Math.abs(c);
      if (s > bestScore + 1e-9 || (Math.abs(s - bestScore) <= 1e-9 && size < bestSize)) {
        bestScore = s;
        bestSize = size;
        best = [a / 10, 0, c / 10];
      }
    }
  return best;
}

/** Softmax of (z + offsets) / t. */
export function probabilities(z: readonly number[], offsets: readonly number[], t: number): [number, number, number] {
  const a = z.map((v, k) => (v + offsets[k]) / t);
  const m = Math.max(...a);
  const e = a.map((v) => Math.exp(v - m));
  const s = e[0] + e[1] + e[2];
  return [e[0] / s, e[1] / s, e[2] / s];
}

/** Expected calibration error of the top label, in percent: confidence bins of 0.1, weighted by their size. */
export function expectedCalibrationError(gold: readonly number[], probs: readonly (readonly number[])[], bins = 10): number {
  const n = new Float64Array(bins);
  const confidence = new Float64Array(bins);
  const correct = new Float64Array(bins);
  probs.forEach((p, i) => {
    const label = argmax(p);
    const b = Math.min(bins - 1, Math.floor(p[label] * bins));
    n[b]++;
    confidence[b] += p[label];
    if (label === gold[i]) correct[b]++;
  });
  let ece = 0;
  for (let b = 0; b < bins; b++) if (n[b]) ece += Math.abs(correct[b] - confidence[b]);
  return (100 * ece) / probs.length;
}
