// Dev-split experiments for the sentiment recipe (not used by training): string-keyed feature groups, so other
// groups (word trigrams, char ranges, NEG_ words...) and weightings can be compared quickly. Usage:
//   npx tsx scripts/sentiment/sweep.ts '<json config or array of configs>'
import { normalizeForAnalysis, unaccent } from "../../src/server/nlp/normalize.ts";
import { negationScope, WORDLIKE } from "../../src/server/nlp/sentiment/features.ts";
import { GENERAL_SETS, loadSplit, type Example, type SetName } from "./datasets.ts";
import { score } from "./metrics.ts";
import { fitSoftmax, logits, nbRatios, type SoftmaxModel, type SparseRows as Rows } from "./softmax-regression.ts";
import { argmax, tuneOffsets, targetObjective, type DevLogits } from "./calibrate.ts";

const TOKEN = /[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu;

export interface Doc {
  tokens: string[];
  plain: string[];
  neg: Uint8Array;
  label: number;
  set: SetName;
}

export function toDoc(e: Example, set: SetName): Doc {
  const n = normalizeForAnalysis(e.text);
  const tokens = n.match(TOKEN) ?? [];
  const plain = unaccent(n).match(TOKEN) ?? [];
  return { tokens, plain, neg: negationScope(tokens, 3), label: e.label, set };
}

const t0 = performance.now();
const secs = () => ((performance.now() - t0) / 1000).toFixed(0) + "s";
export const train: Doc[] = [];
export const dev: Doc[] = [];
for (const set of GENERAL_SETS) {
  for (const e of loadSplit(set, "train")) train.push(toDoc(e, set));
  for (const e of loadSplit(set, "dev")) dev.push(toDoc(e, set));
}
export const all: Doc[] = [...train, ...dev];
console.error(`loaded ${train.length} train, ${dev.length} dev (${secs()})`);

// ---- feature groups: occurrences as string ids
const ids = new Map<string, number>();
const idOf = (s: string) => {
  let id = ids.get(s);
  if (id === undefined) ids.set(s, (id = ids.size));
  return id;
};
const groupCache = new Map<string, Int32Array[]>();

function ngrams(toks: string[], n: number, tag: string, out: number[], bound = true): void {
  const seq = bound && n > 1 ? ["<s>", ...toks, "</s>"] : toks;
  for (let i = 0; i + n <= seq.length; i++) out.push(idOf(tag + seq.slice(i, i + n).join(" ")));
}

function groupOccurrences(name: string): Int32Array[] {
  let g = groupCache.get(name);
  if (g) return g;
  g = all.map((d) => {
    const out: number[] = [];
    const m = /^([a-z]+)(\d*)(?:-(\d+))?$/.exec(name);
    if (!m) throw new Error("bad group " + name);
    const [, kind, a, b] = m;
    const n = +a || 1;
    switch (kind) {
      case "w": // accented word n-grams
        ngrams(d.tokens, n, `w${n}|`, out);
        break;
      case "u":
        ngrams(d.plain, n, `u${n}|`, out);
        break;
      case "wn": // unigrams where negated words become NEG_ words
        d.tokens.forEach((t, i) => out.push(idOf((d.neg[i] ? "wn|!" : "wn|") + t)));
        break;
      case "un":
        d.plain.forEach((t, i) => out.push(idOf((d.neg[i] ? "un|!" : "un|") + t)));
        break;
      case "neg": // twins of the negated unaccented words and bigrams
        d.plain.forEach((t, i) => {
          if (!d.neg[i]) return;
          out.push(idOf("n1|" + t));
          if (d.neg[i - 1]) out.push(idOf("n2|" + d.plain[i - 1] + " " + t));
        });
        break;
      case "c":
      case "cu":
      case "cw": {
        // char n-grams a..b over the space-joined tokens (cu: unaccented; cw: within words only)
        const lo = n;
        const hi = +b || lo;
        const toks = kind === "cu" ? d.plain : d.tokens;
        const strs = kind === "cw" ? toks.map((t) => " " + t + " ") : [" " + toks.join(" ") + " "];
        for (const s of strs)
          for (let i = 0; i < s.length; i++)
            for (let k = lo; k <= hi && i + k <= s.length; k++) out.push(idOf(kind + "|" + s.slice(i, i + k)));
        break;
      }
      default:
        throw new Error("bad group " + name);
    }
    return Int32Array.from(out);
  });
  groupCache.set(name, g);
  return g;
}

export interface Config {
  name?: string;
  groups: Record<string, number>; // group → weight
  tf: "binary" | "raw" | "log" | "sqrtn";
  idf: boolean;
  norm: "group" | "joint" | "none";
  minDf: number;
  l2: number | number[];
  sets?: Partial<Record<SetName, number>>; // training share per set (missing → not used)
  iters?: number;
  tol?: number;
  offsets?: boolean;
  model?: "softmax" | "nb"; // nb: class-wise NB log-count-ratio scaling of the features
  nbAlpha?: number;
  cv?: number; // k-fold CV on VLSP train (VLSP-only models)
  len?: number; // weight of length-bucket features
}

const DEFAULT_SHARE: Partial<Record<SetName, number>> = {
  "vlsp2016-sa": 3,
  "uit-vsfc": 2,
  "uit-visfd": 1,
  "vlsp2018-absa-hotel": 0.5,
  "vlsp2018-absa-restaurant": 0.5,
  "aivivn-2019": 1,
};

function lengthFeatures(d: Doc): string[] {
  const words = d.tokens.filter((t) => WORDLIKE.test(t)).length;
  const b = Math.min(8, Math.floor(Math.log2(1 + words)));
  const q = d.tokens.filter((t) => t === "?").length;
  return [`len${b}`, `len${b - 1}`, `q${Math.min(q, 2)}`];
}

export function build(cfg: Config) {
  const share = cfg.sets ?? DEFAULT_SHARE;
  const trainIdx = train.map((d, i) => (share[d.set] ? i : -1)).filter((i) => i >= 0);
  const groups = Object.entries(cfg.groups).filter(([, w]) => w > 0);
  const df = new Map<number, number>();
  const occ = groups.map(([g]) => groupOccurrences(g));
  for (const i of trainIdx)
    for (const o of occ) {
      const seen = new Set(o[i]);
      for (const id of seen) df.set(id, (df.get(id) ?? 0) + 1);
    }
  const col = new Map<number, number>();
  const idfOf: number[] = [];
  const N = trainIdx.length;
  for (const [id, f] of df)
    if (f >= cfg.minDf) {
      col.set(id, col.size);
      idfOf.push(cfg.idf ? Math.log((1 + N) / (1 + f)) + 1 : 1);
    }
  const lenCols = new Map<string, number>();
  const nFeat = col.size + (cfg.len ? 24 : 0);
  const offsets = new Int32Array(all.length + 1);
  const indices: number[] = [];
  const values: number[] = [];
  all.forEach((d, di) => {
    const start = indices.length;
    for (let gi = 0; gi < groups.length; gi++) {
      const gw = groups[gi][1];
      const counts = new Map<number, number>();
      const o = occ[gi][di];
      for (const id of o) {
        const c = col.get(id);
        if (c !== undefined) counts.set(c, (counts.get(c) ?? 0) + 1);
      }
      const gStart = indices.length;
      let ss = 0;
      for (const [c, n] of counts) {
        let v = cfg.tf === "binary" ? 1 : cfg.tf === "log" ? 1 + Math.log(n) : n;
        if (cfg.tf === "sqrtn") v = n / Math.sqrt(o.length);
        v *= idfOf[c];
        indices.push(c);
        values.push(v);
        ss += v * v;
      }
      if (cfg.norm === "group" && ss > 0) {
        const s = gw / Math.sqrt(ss);
        for (let p = gStart; p < indices.length; p++) values[p] *= s;
      } else if (cfg.norm !== "group") for (let p = gStart; p < indices.length; p++) values[p] *= gw;
    }
    if (cfg.norm === "joint") {
      let ss = 0;
      for (let p = start; p < indices.length; p++) ss += values[p] * values[p];
      if (ss > 0) for (let p = start; p < indices.length; p++) values[p] /= Math.sqrt(ss);
    }
    if (cfg.len)
      for (const f of lengthFeatures(d)) {
        if (!lenCols.has(f)) lenCols.set(f, col.size + lenCols.size);
        indices.push(lenCols.get(f)!);
        values.push(cfg.len);
      }
    offsets[di + 1] = indices.length;
  });
  const rows: Rows = {
    offsets,
    indices: Int32Array.from(indices),
    values: Float32Array.from(values),
    labels: Uint8Array.from(all, (d) => d.label),
    weights: new Float64Array(all.length),
    features: nFeat,
  };
  return { rows, trainIdx, share, features: nFeat };
}

export function evalModel(model: SoftmaxModel, rows: Rows, idx: number[]): DevLogits[] {
  const z = new Float64Array(3);
  const bySet = new Map<string, DevLogits>();
  for (const r of idx) {
    logits(model, rows, r, z);
    const s = all[r].set;
    if (!bySet.has(s)) bySet.set(s, { set: s, gold: [], logits: [] });
    bySet.get(s)!.gold.push(all[r].label);
    bySet.get(s)!.logits.push([z[0], z[1], z[2]]);
  }
  return [...bySet.values()];
}

function fitOn(cfg: Config, rows: Rows, l2: number) {
  const scale = cfg.model === "nb" ? nbRatios(rows, cfg.nbAlpha ?? 1) : undefined;
  return fitSoftmax(rows, { l2, maxIterations: cfg.iters ?? 1000, tolerance: cfg.tol ?? 1e-4, history: 10, scale });
}

export function run(cfg: Config) {
  const { rows, trainIdx, share, features } = build(cfg);
  const counts = new Map<SetName, number>();
  for (const i of trainIdx) counts.set(train[i].set, (counts.get(train[i].set) ?? 0) + 1);
  const setWeight = (i: number) => ((share[all[i].set] ?? 0) * 10_000) / counts.get(all[i].set)!;
  const devIdx = dev.map((_, i) => train.length + i);
  const l2s = Array.isArray(cfg.l2) ? cfg.l2 : [cfg.l2];
  const out = [];
  for (const l2 of l2s) {
    rows.weights.fill(0);
    for (const i of trainIdx) rows.weights[i] = setWeight(i);
    const model = fitOn(cfg, rows, l2);
    const devl = evalModel(model, rows, devIdx);
    const offs = cfg.offsets ? tuneOffsets(devl) : [0, 0, 0];
    const res: Record<string, string> = {};
    for (const d of devl) {
      const s = score(
        d.gold,
        d.logits.map((l) => argmax(l, offs)),
      );
      res[d.set] = `${s.accuracy.toFixed(1)}/${s.macroF1.toFixed(1)}`;
    }
    const vd = devl.find((d) => d.set === "vlsp2016-sa")!;
    const conf = [0, 0, 0, 0, 0, 0, 0, 0, 0];
    vd.gold.forEach((g, i) => conf[g * 3 + argmax(vd.logits[i], offs)]++);
    let cvF1 = "";
    if (cfg.cv) {
      const vl = trainIdx.filter((i) => all[i].set === "vlsp2016-sa");
      const gold: number[] = [];
      const pred: number[] = [];
      for (let f = 0; f < cfg.cv; f++) {
        rows.weights.fill(0);
        for (const i of trainIdx) rows.weights[i] = setWeight(i);
        const held = vl.filter((_, j) => j % cfg.cv! === f);
        for (const i of held) rows.weights[i] = 0;
        const fm = fitOn(cfg, rows, l2);
        for (const d of evalModel(fm, rows, held)) {
          gold.push(...d.gold);
          pred.push(...d.logits.map((l) => argmax(l)));
        }
      }
      cvF1 = score(gold, pred).macroF1.toFixed(1);
    }
    const line = {
      name: cfg.name ?? "",
      l2,
      it: model.iterations,
      feats: features,
      obj: +targetObjective(devl, offs).toFixed(2),
      vlsp: res["vlsp2016-sa"],
      cvF1,
      vsfc: res["uit-vsfc"],
      visfd: res["uit-visfd"],
      aivivn: res["aivivn-2019"],
      hotel: res["vlsp2018-absa-hotel"],
      rest: res["vlsp2018-absa-restaurant"],
      offs: offs.join(","),
      conf: conf.join(" "),
      t: secs(),
    };
    console.log(JSON.stringify(line));
    out.push(line);
  }
  return out;
}

const arg = process.argv[2];
if (arg && process.argv[1]?.endsWith("sweep.ts")) {
  const parsed = JSON.parse(arg) as Config | Config[];
  for (const c of Array.isArray(parsed) ? parsed : [parsed]) run(c);
}
