// Word vectors learnt on the unlabelled news titles (skip-gram with negative sampling, Mikolov et al. 2013), over
// syllables and two-syllable phrases found by the word2phrase score. Deterministic (seeded, single thread); cached
// on /tmp because it takes minutes. Only what the model learns from them ships, never the titles.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { analysisTokens, WORDLIKE } from "../../src/server/nlp/sentiment/features.ts";
import { readTitles } from "./news-titles.ts";

export interface WordVectors {
  dim: number;
  /** A syllable ("hồi") or two joined by a space ("thu hồi"). */
  units: string[];
  /** units.length × dim, each row of unit length. */
  vectors: Float32Array;
}

export interface VectorSettings {
  dim: number;
  epochs: number;
  window: number;
  negatives: number;
  minCount: number;
  /** A pair seen ≥ phraseMinCount times becomes a phrase when (n(ab) − phraseMinCount)·total / (n(a)·n(b)) > this. */
  phraseThreshold: number;
  phraseMinCount: number;
  seed: number;
}

export const VECTOR_SETTINGS: VectorSettings = {
  dim: 100,
  epochs: 5,
  window: 5,
  negatives: 5,
  minCount: 5,
  phraseThreshold: 30,
  phraseMinCount: 10,
  seed: 12345,
};

const CACHE_DIR = "/tmp/nghe-sentiment-cache";
const LEARNING_RATE = 0.025;
const SUBSAMPLE = 1e-4;

/** Runs of word tokens: punctuation ends a run, so no phrase or context window crosses it. */
export function wordRuns(text: string): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  for (const t of analysisTokens(text)) {
    if (WORDLIKE.test(t)) run.push(t.replace(/\?$/, ""));
    else if (run.length) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length) runs.push(run);
  return runs;
}

function findPhrases(runs: string[][], s: VectorSettings): Set<string> {
  const single = new Map<string, number>();
  const pairs = new Map<string, number>();
  let total = 0;
  for (const run of runs)
    for (let i = 0; i < run.length; i++) {
      total++;
      single.set(run[i], (single.get(run[i]) ?? 0) + 1);
      if (i) {
        const pair = run[i - 1] + " " + run[i];
        pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
      }
    }
  const phrases = new Set<string>();
  for (const [pair, n] of pairs) {
    if (n < s.phraseMinCount) continue;
    const [a, b] = pair.split(" ");
    if (((n - s.phraseMinCount) * total) / (single.get(a)! * single.get(b)!) > s.phraseThreshold) phrases.add(pair);
  }
  return phrases;
}

/** Left to right, a known phrase takes its two syllables. */
function joinPhrases(run: string[], phrases: Set<string>): string[] {
  const out: string[] = [];
  for (let i = 0; i < run.length; i++) {
    const pair = i + 1 < run.length ? run[i] + " " + run[i + 1] : "";
    if (pair && phrases.has(pair)) {
      out.push(pair);
      i++;
    } else out.push(run[i]);
  }
  return out;
}

function xorshift(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
}

export function trainWordVectors(texts: string[], s: VectorSettings, log?: (m: string) => void): WordVectors {
  const runs = texts.flatMap(wordRuns);
  const phrases = findPhrases(runs, s);
  const sequences = runs.map((r) => joinPhrases(r, phrases));
  const counts = new Map<string, number>();
  for (const seq of sequences) for (const u of seq) counts.set(u, (counts.get(u) ?? 0) + 1);
  const vocab = [...counts].filter(([, n]) => n >= s.minCount).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const index = new Map(vocab.map(([u], i) => [u, i]));
  const V = vocab.length;
  const dim = s.dim;
  log?.(`word vectors: ${phrases.size} phrases, ${V} units`);
  const freq = Float64Array.from(vocab, ([, n]) => n);
  const total = freq.reduce((a, b) => a + b, 0);

  // Negative samples drawn from the unigram distribution raised to 3/4, through a table.
  const TABLE = 1 << 23;
  const table = new Int32Array(TABLE);
  let z = 0;
  for (const f of freq) z += f ** 0.75;
  for (let a = 0, i = 0, cum = freq[0] ** 0.75 / z; a < TABLE; a++) {
    table[a] = i;
    if (a / TABLE > cum && i < V - 1) cum += freq[++i] ** 0.75 / z;
  }
  const rnd = xorshift(s.seed);
  const input = new Float32Array(V * dim).map(() => (rnd() - 0.5) / dim);
  const output = new Float32Array(V * dim);
  const keep = Float64Array.from(freq, (f) => Math.min(1, (Math.sqrt(f / total / SUBSAMPLE) + 1) * ((SUBSAMPLE * total) / f)));
  const corpus = sequences.map((seq) => Int32Array.from(seq.flatMap((u) => (index.has(u) ? [index.get(u)!] : []))));
  const steps = s.epochs * total;
  const grad = new Float32Array(dim);
  let done = 0;
  for (let epoch = 0; epoch < s.epochs; epoch++) {
    for (const all of corpus) {
      const seq = all.filter((u) => rnd() < keep[u]);
      done += all.length;
      const rate = Math.max(LEARNING_RATE * (1 - done / steps), LEARNING_RATE * 1e-4);
      for (let i = 0; i < seq.length; i++) {
        const shrink = Math.floor(rnd() * s.window);
        const to = Math.min(seq.length, i + s.window - shrink + 1);
        for (let j = Math.max(0, i - s.window + shrink); j < to; j++) {
          if (j === i) continue;
          const wi = seq[j] * dim;
          grad.fill(0);
          for (let n = 0; n <= s.negatives; n++) {
            const target = n === 0 ? seq[i] : table[Math.floor(rnd() * TABLE)];
            if (n > 0 && target === seq[i]) continue;
            const ci = target * dim;
            let dot = 0;
            for (let k = 0; k < dim; k++) dot += input[wi + k] * output[ci + k];
            const g = ((n === 0 ? 1 : 0) - 1 / (1 + Math.exp(-dot))) * rate;
            for (let k = 0; k < dim; k++) {
              grad[k] += g * output[ci + k];
              output[ci + k] += g * input[wi + k];
            }
          }
          for (let k = 0; k < dim; k++) input[wi + k] += grad[k];
        }
      }
    }
    log?.(`word vectors: epoch ${epoch + 1}/${s.epochs}`);
  }
  for (let u = 0; u < V; u++) {
    let norm = 0;
    for (let k = 0; k < dim; k++) norm += input[u * dim + k] ** 2;
    norm = Math.sqrt(norm) || 1;
    for (let k = 0; k < dim; k++) input[u * dim + k] /= norm;
  }
  return { dim, units: vocab.map(([u]) => u), vectors: input };
}

// The tokens the vectors are learnt on come from this code.
const CODE = [
  "./word-vectors.ts",
  "../../src/server/nlp/sentiment/features.ts",
  "../../src/server/nlp/normalize.ts",
  "../../src/server/nlp/teencode.ts",
  "../../src/shared/vietnamese.ts",
];

/** The vectors of the news titles, from the cache when the titles, the settings and the tokenizing code are unchanged. */
export function titleVectors(s: VectorSettings = VECTOR_SETTINGS, log?: (m: string) => void): WordVectors {
  const titles = readTitles();
  const hash = createHash("sha256").update(JSON.stringify(s));
  for (const file of CODE) hash.update(readFileSync(new URL(file, import.meta.url)));
  const key = hash.update(titles.join("\n")).digest("hex").slice(0, 16);
  const path = `${CACHE_DIR}/vectors-${key}`;
  if (existsSync(`${path}.json`)) {
    const { dim, units } = JSON.parse(readFileSync(`${path}.json`, "utf8")) as { dim: number; units: string[] };
    const raw = readFileSync(`${path}.f32`);
    return { dim, units, vectors: new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength)) };
  }
  const wv = trainWordVectors(titles, s, log);
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(`${path}.f32`, wv.vectors);
  writeFileSync(`${path}.json`, JSON.stringify({ dim: wv.dim, units: wv.units }));
  return wv;
}
