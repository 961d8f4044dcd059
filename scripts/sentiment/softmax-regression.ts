// Multinomial logistic regression on sparse rows, L2-regularised, fitted by full-batch L-BFGS
// (deterministic: no sampling, fixed iteration order).
//
// Optional per-feature, per-class scaling (`scale`, e.g. naive-Bayes log-count ratios): the class-c logit is
// Σ x_j·scale[j,c]·w[j,c], so the L2 penalty on w lets features with a large ratio move more freely. The
// deployed weight is scale·w (see `effectiveWeights`), so inference stays one sparse dot product.

export const CLASSES = 3;

export interface SparseRows {
  offsets: Int32Array;
  indices: Int32Array;
  values: Float32Array;
  labels: Uint8Array;
  /** Per-row weight; the loss is their weighted mean. Rows of weight 0 are skipped. */
  weights: Float64Array;
  features: number;
}

export interface SoftmaxModel {
  /** weights[feature * CLASSES + class] (before scaling) */
  weights: Float64Array;
  bias: Float64Array;
  scale?: Float32Array;
}

export interface FitOptions {
  l2: number;
  maxIterations: number;
  /** Stop when the gradient norm falls below this fraction of its initial value (or the loss stops moving). */
  tolerance: number;
  history: number;
  scale?: Float32Array;
  log?: (message: string) => void;
}

export function logits(model: SoftmaxModel, rows: SparseRows, row: number, out: Float64Array): void {
  const { weights, bias, scale } = model;
  out[0] = bias[0];
  out[1] = bias[1];
  out[2] = bias[2];
  for (let p = rows.offsets[row]; p < rows.offsets[row + 1]; p++) {
    const base = rows.indices[p] * CLASSES;
    const v = rows.values[p];
    if (scale) {
      out[0] += v * scale[base] * weights[base];
      out[1] += v * scale[base + 1] * weights[base + 1];
      out[2] += v * scale[base + 2] * weights[base + 2];
    } else {
      out[0] += v * weights[base];
      out[1] += v * weights[base + 1];
      out[2] += v * weights[base + 2];
    }
  }
}

/** The weights to deploy: scale·w when the model was fitted on scaled features. */
export function effectiveWeights(model: SoftmaxModel): Float64Array {
  if (!model.scale) return model.weights;
  return model.weights.map((w, i) => w * model.scale![i]);
}

/**
 * Naive-Bayes log-count ratios per feature and class (one class against the other two), from binary presence
 * weighted by the row weights, with additive smoothing `alpha` (Wang & Manning 2012, NB-SVM/NB-LR).
 */
export function nbRatios(rows: SparseRows, alpha: number): Float32Array {
  const k = CLASSES;
  const f = new Float64Array(rows.features * k);
  for (let i = 0; i < rows.labels.length; i++) {
    const w = rows.weights[i];
    if (!w) continue;
    const y = rows.labels[i];
    for (let p = rows.offsets[i]; p < rows.offsets[i + 1]; p++) if (rows.values[p] !== 0) f[rows.indices[p] * k + y] += w;
  }
  const tot = new Float64Array(k);
  for (let j = 0; j < rows.features; j++) for (let c = 0; c < k; c++) tot[c] += f[j * k + c] + alpha;
  const sumAll = tot[0] + tot[1] + tot[2];
  const ratios = new Float32Array(rows.features * k);
  for (let j = 0; j < rows.features; j++) {
    const all = f[j * k] + f[j * k + 1] + f[j * k + 2] + 3 * alpha;
    for (let c = 0; c < k; c++) {
      const p = (f[j * k + c] + alpha) / tot[c];
      const q = (all - f[j * k + c] - alpha) / (sumAll - tot[c]);
      ratios[j * k + c] = Math.log(p / q);
    }
  }
  return ratios;
}

// theta = [weights..., bias]; returns the regularised loss and writes its gradient.
function lossAndGradient(theta: Float64Array, rows: SparseRows, o: FitOptions, grad: Float64Array): number {
  const nw = rows.features * CLASSES;
  const model: SoftmaxModel = { weights: theta.subarray(0, nw), bias: theta.subarray(nw), scale: o.scale };
  const scale = o.scale;
  grad.fill(0);
  const z = new Float64Array(CLASSES);
  let loss = 0;
  let totalWeight = 0;
  for (let i = 0; i < rows.labels.length; i++) {
    const w = rows.weights[i];
    if (w === 0) continue;
    totalWeight += w;
    logits(model, rows, i, z);
    const m = Math.max(z[0], z[1], z[2]);
    const e0 = Math.exp(z[0] - m);
    const e1 = Math.exp(z[1] - m);
    const e2 = Math.exp(z[2] - m);
    const sum = e0 + e1 + e2;
    const y = rows.labels[i];
    loss -= w * Math.log(Math.max((y === 0 ? e0 : y === 1 ? e1 : e2) / sum, 1e-300));
    const g0 = w * (e0 / sum - (y === 0 ? 1 : 0));
    const g1 = w * (e1 / sum - (y === 1 ? 1 : 0));
    const g2 = w * (e2 / sum - (y === 2 ? 1 : 0));
    grad[nw] += g0;
    grad[nw + 1] += g1;
    grad[nw + 2] += g2;
    for (let p = rows.offsets[i]; p < rows.offsets[i + 1]; p++) {
      const base = rows.indices[p] * CLASSES;
      const v = rows.values[p];
      if (scale) {
        grad[base] += g0 * v * scale[base];
        grad[base + 1] += g1 * v * scale[base + 1];
        grad[base + 2] += g2 * v * scale[base + 2];
      } else {
        grad[base] += g0 * v;
        grad[base + 1] += g1 * v;
        grad[base + 2] += g2 * v;
      }
    }
  }
  const s = 1 / totalWeight;
  let reg = 0;
  for (let j = 0; j < nw; j++) {
    grad[j] = grad[j] * s + o.l2 * theta[j];
    reg += theta[j] * theta[j];
  }
  for (let c = 0; c < CLASSES; c++) grad[nw + c] *= s;
  return loss * s + 0.5 * o.l2 * reg;
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

export function fitSoftmax(rows: SparseRows, opts: FitOptions): SoftmaxModel & { iterations: number; loss: number } {
  const dim = (rows.features + 1) * CLASSES;
  const theta = new Float64Array(dim);
  const grad = new Float64Array(dim);
  const nextTheta = new Float64Array(dim);
  const nextGrad = new Float64Array(dim);
  const dir = new Float64Array(dim);
  const S: Float64Array[] = [];
  const Y: Float64Array[] = [];
  const rho: number[] = [];
  const alpha = new Float64Array(opts.history);

  let loss = lossAndGradient(theta, rows, opts, grad);
  const grad0 = Math.sqrt(dot(grad, grad));
  let iter = 0;
  for (; iter < opts.maxIterations; iter++) {
    // Two-loop recursion: dir = -H·grad.
    dir.set(grad);
    for (let m = S.length - 1; m >= 0; m--) {
      alpha[m] = rho[m] * dot(S[m], dir);
      axpy(-alpha[m], Y[m], dir);
    }
    const gamma = S.length ? dot(S.at(-1)!, Y.at(-1)!) / dot(Y.at(-1)!, Y.at(-1)!) : 1 / Math.sqrt(dot(grad, grad));
    for (let i = 0; i < dim; i++) dir[i] *= gamma;
    for (let m = 0; m < S.length; m++) axpy(alpha[m] - rho[m] * dot(Y[m], dir), S[m], dir);
    for (let i = 0; i < dim; i++) dir[i] = -dir[i];

    let slope = dot(grad, dir);
    if (slope >= 0) {
      // Not a descent direction: restart from steepest descent.
      S.length = Y.length = rho.length = 0;
      const norm = Math.sqrt(dot(grad, grad));
      for (let i = 0; i < dim; i++) dir[i] = -grad[i] / norm;
      slope = dot(grad, dir);
    }
    let step = 1;
    let nextLoss = Infinity;
    for (let tries = 0; tries < 40; tries++) {
      for (let i = 0; i < dim; i++) nextTheta[i] = theta[i] + step * dir[i];
      nextLoss = lossAndGradient(nextTheta, rows, opts, nextGrad);
      if (nextLoss <= loss + 1e-4 * step * slope) break;
      step *= 0.5;
    }
    if (!(nextLoss < loss)) break;

    // Reuse the oldest pair's buffers once the history is full.
    const recycled = S.length === opts.history;
    const sNew = recycled ? S.shift()! : new Float64Array(dim);
    const yNew = recycled ? Y.shift()! : new Float64Array(dim);
    if (recycled) rho.shift();
    for (let i = 0; i < dim; i++) {
      sNew[i] = nextTheta[i] - theta[i];
      yNew[i] = nextGrad[i] - grad[i];
    }
    const sy = dot(sNew, yNew);
    if (sy > 1e-12) {
      S.push(sNew);
      Y.push(yNew);
      rho.push(1 / sy);
    }
    const relative = (loss - nextLoss) / Math.max(nextLoss, 1e-12);
    theta.set(nextTheta);
    grad.set(nextGrad);
    loss = nextLoss;
    const gradNorm = Math.sqrt(dot(grad, grad));
    if (iter % 25 === 0) opts.log?.(`iter ${iter} loss ${loss.toFixed(6)} |grad| ${(gradNorm / grad0).toExponential(2)}`);
    if (gradNorm / grad0 < opts.tolerance || relative < 1e-9) break;
  }
  opts.log?.(`done after ${iter} iterations, loss ${loss.toFixed(6)}`);
  const nw = rows.features * CLASSES;
  return { weights: theta.slice(0, nw), bias: theta.slice(nw), scale: opts.scale, iterations: iter, loss };
}

function axpy(a: number, x: Float64Array, y: Float64Array): void {
  for (let i = 0; i < x.length; i++) y[i] += a * x[i];
}
