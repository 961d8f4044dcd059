// Generic K-class multinomial logistic regression on sparse rows (L2, full-batch L-BFGS). Experiments only.
export interface Rows {
  offsets: Int32Array;
  indices: Int32Array;
  values: Float32Array;
  labels: Uint8Array;
  weights: Float64Array;
  features: number;
}

export interface KModel {
  k: number;
  weights: Float64Array; // [feature * k + class]
  bias: Float64Array;
}

export function klogits(m: KModel, rows: Rows, r: number, out: Float64Array, scale?: Float32Array): void {
  const k = m.k;
  for (let c = 0; c < k; c++) out[c] = m.bias[c];
  for (let p = rows.offsets[r]; p < rows.offsets[r + 1]; p++) {
    const j = rows.indices[p];
    const base = j * k;
    const v = rows.values[p];
    if (scale) for (let c = 0; c < k; c++) out[c] += v * scale[base + c] * m.weights[base + c];
    else for (let c = 0; c < k; c++) out[c] += v * m.weights[base + c];
  }
}

function lossGrad(theta: Float64Array, rows: Rows, k: number, l2: number, grad: Float64Array, scale?: Float32Array): number {
  const nw = rows.features * k;
  const m: KModel = { k, weights: theta.subarray(0, nw), bias: theta.subarray(nw) };
  grad.fill(0);
  const z = new Float64Array(k);
  let loss = 0;
  let tw = 0;
  for (let i = 0; i < rows.labels.length; i++) {
    const w = rows.weights[i];
    if (w === 0) continue;
    tw += w;
    klogits(m, rows, i, z, scale);
    let mx = -Infinity;
    for (let c = 0; c < k; c++) mx = Math.max(mx, z[c]);
    let s = 0;
    for (let c = 0; c < k; c++) s += z[c] = Math.exp(z[c] - mx);
    for (let c = 0; c < k; c++) z[c] /= s;
    const y = rows.labels[i];
    loss -= w * Math.log(Math.max(z[y], 1e-300));
    z[y] -= 1;
    for (let c = 0; c < k; c++) {
      z[c] *= w;
      grad[nw + c] += z[c];
    }
    for (let p = rows.offsets[i]; p < rows.offsets[i + 1]; p++) {
      const base = rows.indices[p] * k;
      const v = rows.values[p];
      if (scale) for (let c = 0; c < k; c++) grad[base + c] += z[c] * v * scale[base + c];
      else for (let c = 0; c < k; c++) grad[base + c] += z[c] * v;
    }
  }
  const sc = 1 / tw;
  let reg = 0;
  for (let j = 0; j < nw; j++) {
    grad[j] = grad[j] * sc + l2 * theta[j];
    reg += theta[j] * theta[j];
  }
  for (let c = 0; c < k; c++) grad[nw + c] *= sc;
  return loss * sc + 0.5 * l2 * reg;
}

const dot = (a: Float64Array, b: Float64Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};

export interface KFit {
  k: number;
  l2: number;
  maxIterations?: number;
  /** stop when the gradient norm relative to its start falls below this, or the loss stalls */
  tolerance?: number;
  history?: number;
  scale?: Float32Array;
  init?: Float64Array;
  log?: (m: string) => void;
}

export function fitK(rows: Rows, o: KFit): KModel & { iterations: number; loss: number } {
  const k = o.k;
  const dim = (rows.features + 1) * k;
  const H = o.history ?? 10;
  const theta = o.init ? Float64Array.from(o.init) : new Float64Array(dim);
  const grad = new Float64Array(dim);
  const nt = new Float64Array(dim);
  const ng = new Float64Array(dim);
  const dir = new Float64Array(dim);
  const S: Float64Array[] = [];
  const Y: Float64Array[] = [];
  const rho: number[] = [];
  const alpha = new Float64Array(H);
  let loss = lossGrad(theta, rows, k, o.l2, grad, o.scale);
  const g0 = Math.sqrt(dot(grad, grad));
  let it = 0;
  const tol = o.tolerance ?? 1e-4;
  for (; it < (o.maxIterations ?? 1000); it++) {
    dir.set(grad);
    for (let m = S.length - 1; m >= 0; m--) {
      alpha[m] = rho[m] * dot(S[m], dir);
      const a = alpha[m], y = Y[m];
      for (let i = 0; i < dim; i++) dir[i] -= a * y[i];
    }
    const gamma = S.length ? dot(S.at(-1)!, Y.at(-1)!) / dot(Y.at(-1)!, Y.at(-1)!) : 1 / Math.sqrt(dot(grad, grad));
    for (let i = 0; i < dim; i++) dir[i] *= gamma;
    for (let m = 0; m < S.length; m++) {
      const b = alpha[m] - rho[m] * dot(Y[m], dir), s = S[m];
      for (let i = 0; i < dim; i++) dir[i] += b * s[i];
    }
    for (let i = 0; i < dim; i++) dir[i] = -dir[i];
    let slope = dot(grad, dir);
    if (slope >= 0) {
      S.length = Y.length = rho.length = 0;
      const nrm = Math.sqrt(dot(grad, grad));
      for (let i = 0; i < dim; i++) dir[i] = -grad[i] / nrm;
      slope = dot(grad, dir);
    }
    let step = 1;
    let nl = Infinity;
    for (let t = 0; t < 40; t++) {
      for (let i = 0; i < dim; i++) nt[i] = theta[i] + step * dir[i];
      nl = lossGrad(nt, rows, k, o.l2, ng, o.scale);
      if (nl <= loss + 1e-4 * step * slope) break;
      step *= 0.5;
    }
    if (!(nl < loss)) break;
    let s: Float64Array, y: Float64Array;
    if (S.length === H) {
      s = S.shift()!;
      y = Y.shift()!;
      rho.shift();
    } else {
      s = new Float64Array(dim);
      y = new Float64Array(dim);
    }
    for (let i = 0; i < dim; i++) {
      s[i] = nt[i] - theta[i];
      y[i] = ng[i] - grad[i];
    }
    const sy = dot(s, y);
    if (sy > 1e-12) {
      S.push(s);
      Y.push(y);
      rho.push(1 / sy);
    }
    theta.set(nt);
    grad.set(ng);
    const rel = (loss - nl) / Math.max(1e-12, nl);
    loss = nl;
    const gn = Math.sqrt(dot(grad, grad));
    if (it % 25 === 0) o.log?.(`iter ${it} loss ${loss.toFixed(6)} |g|/|g0| ${(gn / g0).toExponential(2)}`);
    if (gn / g0 < tol || rel < 1e-9) break;
  }
  o.log?.(`done ${it} iterations, loss ${loss.toFixed(6)}`);
  const nw = rows.features * k;
  return { k, weights: theta.slice(0, nw), bias: theta.slice(nw), iterations: it, loss };
}
