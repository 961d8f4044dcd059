// Multinomial logistic regression on sparse rows, L2-regularised, fitted by full-batch L-BFGS
// (deterministic: no sampling, fixed iteration order).

export const CLASSES = 3;

export interface SparseRows {
  offsets: Int32Array;
  indices: Int32Array;
  values: Float32Array;
  labels: Uint8Array;
  /** Per-row weight; the loss is their weighted mean. */
  weights: Float64Array;
  features: number;
}

export interface SoftmaxModel {
  /** weights[feature * CLASSES + class] */
  weights: Float64Array;
  bias: Float64Array;
}

export interface FitOptions {
  l2: number;
  maxIterations: number;
  /** Stop when the relative loss decrease over 5 iterations falls below this. */
  tolerance: number;
  history: number;
  log?: (message: string) => void;
}

export function logits(model: SoftmaxModel, rows: SparseRows, row: number, out: Float64Array): void {
  const { weights, bias } = model;
  out[0] = bias[0];
  out[1] = bias[1];
  out[2] = bias[2];
  for (let p = rows.offsets[row]; p < rows.offsets[row + 1]; p++) {
    const base = rows.indices[p] * CLASSES;
    const v = rows.values[p];
    out[0] += v * weights[base];
    out[1] += v * weights[base + 1];
    out[2] += v * weights[base + 2];
  }
}

function softmaxInPlace(z: Float64Array): void {
  let m = -Infinity;
  for (let c = 0; c < z.length; c++) m = Math.max(m, z[c]);
  let sum = 0;
  for (let c = 0; c < z.length; c++) sum += z[c] = Math.exp(z[c] - m);
  for (let c = 0; c < z.length; c++) z[c] /= sum;
}

// theta = [weights..., bias]; returns the regularised loss and writes its gradient.
function lossAndGradient(theta: Float64Array, rows: SparseRows, l2: number, grad: Float64Array): number {
  const nw = rows.features * CLASSES;
  const model = { weights: theta.subarray(0, nw), bias: theta.subarray(nw) };
  grad.fill(0);
  const z = new Float64Array(CLASSES);
  let loss = 0;
  let totalWeight = 0;
  const n = rows.labels.length;
  for (let i = 0; i < n; i++) {
    const w = rows.weights[i];
    if (w === 0) continue;
    totalWeight += w;
    logits(model, rows, i, z);
    softmaxInPlace(z);
    const y = rows.labels[i];
    loss -= w * Math.log(Math.max(z[y], 1e-300));
    z[y] -= 1;
    const g0 = w * z[0];
    const g1 = w * z[1];
    const g2 = w * z[2];
    grad[nw] += g0;
    grad[nw + 1] += g1;
    grad[nw + 2] += g2;
    for (let p = rows.offsets[i]; p < rows.offsets[i + 1]; p++) {
      const base = rows.indices[p] * CLASSES;
      const v = rows.values[p];
      grad[base] += g0 * v;
      grad[base + 1] += g1 * v;
      grad[base + 2] += g2 * v;
    }
  }
  const scale = 1 / totalWeight;
  loss *= scale;
  let reg = 0;
  for (let j = 0; j < nw; j++) {
    grad[j] = grad[j] * scale + l2 * theta[j];
    reg += theta[j] * theta[j];
  }
  for (let c = 0; c < CLASSES; c++) grad[nw + c] *= scale;
  return loss + 0.5 * l2 * reg;
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

export function fitSoftmax(rows: SparseRows, opts: FitOptions): SoftmaxModel {
  const dim = (rows.features + 1) * CLASSES;
  const theta = new Float64Array(dim);
  const grad = new Float64Array(dim);
  const nextTheta = new Float64Array(dim);
  const nextGrad = new Float64Array(dim);
  const dir = new Float64Array(dim);
  const s: Float64Array[] = [];
  const y: Float64Array[] = [];
  const rho: number[] = [];
  const alpha = new Float64Array(opts.history);
  const losses: number[] = [];

  let loss = lossAndGradient(theta, rows, opts.l2, grad);
  for (let iter = 0; iter < opts.maxIterations; iter++) {
    // Two-loop recursion: dir = -H·grad.
    dir.set(grad);
    for (let m = s.length - 1; m >= 0; m--) {
      alpha[m] = rho[m] * dot(s[m], dir);
      axpy(-alpha[m], y[m], dir);
    }
    const gamma = s.length ? dot(s.at(-1)!, y.at(-1)!) / dot(y.at(-1)!, y.at(-1)!) : 1 / Math.sqrt(dot(grad, grad));
    for (let i = 0; i < dim; i++) dir[i] *= gamma;
    for (let m = 0; m < s.length; m++) axpy(alpha[m] - rho[m] * dot(y[m], dir), s[m], dir);
    for (let i = 0; i < dim; i++) dir[i] = -dir[i];

    let slope = dot(grad, dir);
    if (slope >= 0) {
      // Not a descent direction: restart from steepest descent.
      s.length = y.length = rho.length = 0;
      const norm = Math.sqrt(dot(grad, grad));
      for (let i = 0; i < dim; i++) dir[i] = -grad[i] / norm;
      slope = dot(grad, dir);
    }
    let step = 1;
    let nextLoss = Infinity;
    for (let tries = 0; tries < 30; tries++) {
      for (let i = 0; i < dim; i++) nextTheta[i] = theta[i] + step * dir[i];
      nextLoss = lossAndGradient(nextTheta, rows, opts.l2, nextGrad);
      if (nextLoss <= loss + 1e-4 * step * slope) break;
      step *= 0.5;
    }
    if (!(nextLoss < loss)) break;

    const sNew = new Float64Array(dim);
    const yNew = new Float64Array(dim);
    for (let i = 0; i < dim; i++) {
      sNew[i] = nextTheta[i] - theta[i];
      yNew[i] = nextGrad[i] - grad[i];
    }
    const sy = dot(sNew, yNew);
    if (sy > 1e-12) {
      if (s.length === opts.history) {
        s.shift();
        y.shift();
        rho.shift();
      }
      s.push(sNew);
      y.push(yNew);
      rho.push(1 / sy);
    }
    theta.set(nextTheta);
    grad.set(nextGrad);
    loss = nextLoss;
    losses.push(loss);
    if (iter % 20 === 0) opts.log?.(`iter ${iter} loss ${loss.toFixed(5)}`);
    const old = losses.at(-6);
    if (old !== undefined && (old - loss) / old < opts.tolerance) break;
  }
  opts.log?.(`done after ${losses.length} iterations, loss ${loss.toFixed(5)}`);
  const nw = rows.features * CLASSES;
  return { weights: theta.slice(0, nw), bias: theta.slice(nw) };
}

function axpy(a: number, x: Float64Array, y: Float64Array): void {
  for (let i = 0; i < x.length; i++) y[i] += a * x[i];
}
