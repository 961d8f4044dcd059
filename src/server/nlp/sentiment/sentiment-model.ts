import { extractFeatures, FeatureBuffer, GROUPS, idf, MEAN_GROUPS, tf, WORDLIKE } from "./features.ts";
import { HEAD_NAMES, type Head, type ModelParts } from "./model-format.ts";
import { mayRetellNews, starsOf, writerOf, type ReadingContext } from "./reading-context.ts";

type Writer = ReturnType<typeof writerOf>;

export type SentimentLabel = 0 | 1 | 2;

export interface SentimentResult {
  /** 0 neutral, 1 positive, 2 negative. */
  label: SentimentLabel;
  /** Probabilities for [neutral, positive, negative]; they sum to 1. */
  scores: [number, number, number];
}

export interface Explanation extends SentimentResult {
  /** The words and phrases of the text (normalized: lower case, teencode expanded) that pushed it most towards its
   * label, strongest first; weight = their share of the log-odds of the label against the other two. */
  top: { text: string; weight: number }[];
}

// Keys in their own array (a miss probes a few neighbouring words of one cache line), and per key one 64-byte slot:
// scratch words used while scoring one text (the text-and-group stamp and the signed occurrence count), then per
// head idf² (0 when the head does not know the feature) and its weights times idf.
const STRIDE = 16;
const STAMP = 0;
const COUNT = 1;
const G = 2; // general: idf², 3 weights
const NEWS = 6; // news: idf², 3 weights
const D = 10; // domain: idf², 1 weight
const C = 12; // consumer: idf², 3 weights

// tf(c) for small signed counts (nearly all of them), at TF[c + 64].
const TF = Float64Array.from({ length: 129 }, (_, i) => tf(i - 64));
const tfOf = (c: number) => (c > -64 && c < 64 ? TF[c + 64] : tf(c));
const MEAN = Uint8Array.from(GROUPS, (g) => (MEAN_GROUPS.has(g) ? 1 : 0));
const TOP_PHRASES = 5;
const PHRASE_TOKENS = 4;

function groupWeights(head: Head): Float64Array {
  return Float64Array.from(GROUPS, (g) => head.features[g] ?? 0);
}

function logSoftmax(z: ArrayLike<number>, t: number, out: Float64Array): void {
  const m = Math.max(z[0], z[1], z[2]) / t;
  const lse = m + Math.log(Math.exp(z[0] / t - m) + Math.exp(z[1] / t - m) + Math.exp(z[2] / t - m));
  for (let c = 0; c < 3; c++) out[c] = z[c] / t - lse;
}

/**
 * Three linear models over one set of hashed features (see docs/models/sentiment.md): a general head (reviews,
 * comments), a news head (coverage of a company, read toward the brand) and a domain head whose probability p that the
 * text reads like news mixes them: log-scores = (1 − p)·general + p·news, each head's log-probabilities calibrated
 * by its own temperature; the news head also reads the general head's log-probabilities (`stack`). A text known to be
 * a consumer's (a comment, reply or review, or on a social, review or e-commerce channel) is read by the consumer head
 * instead, which reads the general head's log-probabilities the same way (`consumerStack`), and one known to be news by
 * the news head alone. The second head read is the news or the consumer head: one pass costs the same. Only a person's
 * post on a social channel, which may retell news, is read by both, mixed by the domain head (readPost: two passes).
 * Each head scores log-tf·idf features scaled to unit length per group (only the features it knows count towards
 * the length, as in training). Not re-entrant: one text at a time.
 */
export class SentimentModel {
  private readonly keys: Uint32Array;
  private readonly ints: Int32Array;
  private readonly table: Float32Array;
  private readonly mask: number;
  private readonly buf = new FeatureBuffer();
  private readonly weightsOf: Float64Array[];
  private stamp = 0;
  // Results of the last accumulate(): raw head logits and, per emitted group, each head's scale.
  private readonly zG = new Float64Array(3);
  private readonly zN = new Float64Array(3);
  private zD = 0;
  private readonly scale = new Float64Array(GROUPS.length * 3);
  private readonly lg = new Float64Array(3);
  private readonly ln = new Float64Array(3);

  constructor(private readonly parts: ModelParts) {
    const offsets = [G, NEWS, D, C];
    const all = new Set<number>();
    for (const name of HEAD_NAMES) for (const h of parts[name].hashes) if (h !== 0) all.add(h);
    // Linear probing over a dense key array stays short up to a load of ~0.75 (a miss scans one or two cache lines).
    let capacity = 1;
    while (capacity < all.size * 1.3) capacity *= 2;
    this.mask = capacity - 1;
    this.keys = new Uint32Array(capacity);
    const memory = new ArrayBuffer(capacity * STRIDE * 4);
    this.ints = new Int32Array(memory);
    this.table = new Float32Array(memory);
    const slotOf = (h: number): number => {
      let slot = h & this.mask;
      while (this.keys[slot] !== 0 && this.keys[slot] !== h) slot = (slot + 1) & this.mask;
      this.keys[slot] = h;
      return slot;
    };
    HEAD_NAMES.forEach((name, k) => {
      const head = parts[name];
      head.hashes.forEach((h, i) => {
        if (h === 0) return; // hash 0 marks an empty slot: a feature whose hash is 0 (one in four billion) is dropped
        const at = slotOf(h) * STRIDE + offsets[k];
        const f = idf(head.docFreq[i], head.documents);
        this.table[at] = f * f;
        for (let c = 0; c < head.outputs; c++) this.table[at + 1 + c] = head.weights[i * head.outputs + c] * f;
      });
    });
    this.weightsOf = HEAD_NAMES.map((name) => groupWeights(parts[name]));
  }

  get info(): Record<string, unknown> {
    return this.parts.info;
  }

  /**
   * One pass over the occurrences: when a feature's count goes from c to c', its value moves by (tf(c') − tf(c))·idf,
   * so each head's dot products and squared length of each group are updated in place and the group is scaled at its
   * end. Mean groups (word vectors) count linearly and divide by the number of known occurrences.
   */
  private accumulate(text: string, buf: FeatureBuffer, consumer: boolean): void {
    const { general, domain } = this.parts;
    const news = consumer ? this.parts.consumer : this.parts.news;
    const N = consumer ? C : NEWS;
    const { keys, ints, table, mask, zG, zN, scale } = this;
    const [wG, wNews, wD, wC] = this.weightsOf;
    const wN = consumer ? wC : wNews;
    extractFeatures(text, buf, this.parts.features);
    if (this.stamp >= 0x7fffffff - buf.groups) {
      for (let at = STAMP; at < ints.length; at += STRIDE) ints[at] = 0;
      this.stamp = 0;
    }
    for (let c = 0; c < 3; c++) {
      zG[c] = general.bias[c];
      zN[c] = news.bias[c];
    }
    let zD = domain.bias[0];
    let i = 0;
    for (let g = 0; g < buf.groups; g++) {
      const end = buf.groupEnd[g];
      const id = buf.groupId[g];
      const mean = MEAN[id] === 1;
      const stamp = ++this.stamp;
      let sG = 0;
      let sN = 0;
      let sD = 0;
      let g0 = 0;
      let g1 = 0;
      let g2 = 0;
      let n0 = 0;
      let n1 = 0;
      let n2 = 0;
      let d0 = 0;
      for (; i < end; i++) {
        const h = buf.hashes[i];
        let slot = h & mask;
        let key = keys[slot];
        while (key !== h && key !== 0) {
          slot = (slot + 1) & mask;
          key = keys[slot];
        }
        if (key === 0) continue;
        const at = slot * STRIDE;
        const v = buf.values[i];
        let d: number;
        if (mean) {
          // idf is 1 in mean groups: idf² counts the occurrences the head knows.
          d = v;
          sG += table[at + G];
          sN += table[at + N];
          sD += table[at + D];
        } else if (ints[at + STAMP] !== stamp) {
          // First occurrence in this group (the common case): tf goes from 0 to ±1.
          ints[at + STAMP] = stamp;
          ints[at + COUNT] = v;
          d = v;
          sG += table[at + G];
          sN += table[at + N];
          sD += table[at + D];
        } else {
          const before = ints[at + COUNT];
          const after = before + v;
          ints[at + COUNT] = after;
          const t0 = tfOf(before);
          const t1 = tfOf(after);
          d = t1 - t0;
          const dSquares = t1 * t1 - t0 * t0;
          sG += dSquares * table[at + G];
          sN += dSquares * table[at + N];
          sD += dSquares * table[at + D];
        }
        g0 += d * table[at + G + 1];
        g1 += d * table[at + G + 2];
        g2 += d * table[at + G + 3];
        n0 += d * table[at + N + 1];
        n1 += d * table[at + N + 2];
        n2 += d * table[at + N + 3];
        d0 += d * table[at + D + 1];
      }
      const kG = sG > 1e-12 ? wG[id] / (mean ? sG : Math.sqrt(sG)) : 0;
      const kN = sN > 1e-12 ? wN[id] / (mean ? sN : Math.sqrt(sN)) : 0;
      const kD = sD > 1e-12 ? wD[id] / (mean ? sD : Math.sqrt(sD)) : 0;
      scale[g * 3] = kG;
      scale[g * 3 + 1] = kN;
      scale[g * 3 + 2] = kD;
      zG[0] += g0 * kG;
      zG[1] += g1 * kG;
      zG[2] += g2 * kG;
      zN[0] += n0 * kN;
      zN[1] += n1 * kN;
      zN[2] += n2 * kN;
      zD += d0 * kD;
    }
    this.zD = zD;
  }

  /**
   * Mixes the heads of the last accumulate() into log-scores (before the final softmax); returns p. A context that
   * says who wrote the text routes it to one head; a rating adds its evidence.
   */
  private mix(out: Float64Array, writer: Writer, rating: unknown): number {
    const { general } = this.parts;
    const { zG, zN, lg, ln } = this;
    const { head, stack } = this.secondHead(writer);
    logSoftmax(zG, general.temperature, lg);
    for (let c = 0; c < 3; c++) zN[c] += stack[c * 3] * lg[0] + stack[c * 3 + 1] * lg[1] + stack[c * 3 + 2] * lg[2];
    logSoftmax(zN, head.temperature, ln);
    const p = writer ? 1 : 1 / (1 + Math.exp(-this.zD));
    for (let c = 0; c < 3; c++) out[c] = (1 - p) * lg[c] + p * ln[c] + this.starsEvidence(rating, c);
    return p;
  }

  /** The head read besides the general one: the consumer head for a consumer's text, else the news head. */
  private secondHead(writer: Writer): { head: Head; stack: readonly number[] } {
    return writer === "consumer"
      ? { head: this.parts.consumer, stack: this.parts.consumerStack }
      : { head: this.parts.news, stack: this.parts.stack };
  }

  /**
   * Accumulates and mixes one text; returns the share of the second head (the news or the consumer head), or for a
   * person's post that may retell news, the share read by the news head.
   */
  private read(text: string, buf: FeatureBuffer, context: ReadingContext | undefined): { writer: Writer; p: number; retold: boolean } {
    const writer = writerOf(context);
    if (mayRetellNews(context)) return { writer, p: this.readPost(text, buf, context?.rating), retold: true };
    this.accumulate(text, buf, writer === "consumer");
    return { writer, p: this.mix(this.mixed, writer, context?.rating), retold: false };
  }

  /**
   * A person's post, read by the consumer head and the news head, mixed by the domain head's share p as the general and
   * news heads are for a text of unknown source: a shared headline ("Phát hiện dị vật trong hộp sữa …") is read as news,
   * a post in the writer's own words as a consumer's. Two passes over the text, for posts only.
   */
  private readPost(text: string, buf: FeatureBuffer, rating: unknown): number {
    const { own, mixed } = this;
    this.accumulate(text, buf, true);
    this.mix(own, "consumer", undefined);
    this.accumulate(text, buf, false);
    const p = 1 / (1 + Math.exp(-this.zD));
    this.mix(mixed, "news", undefined);
    for (let c = 0; c < 3; c++) mixed[c] = (1 - p) * own[c] + p * mixed[c] + this.starsEvidence(rating, c);
    return p;
  }

  /** The stars' log-likelihood ratio for class c, 0 without stars. */
  private starsEvidence(rating: unknown, c: number): number {
    const stars = starsOf(rating);
    return stars ? this.parts.ratingEvidence[(stars - 1) * 3 + c] : 0;
  }

  private readonly mixed = new Float64Array(3);
  private readonly own = new Float64Array(3);

  private result(): SentimentResult {
    const z = this.mixed;
    const m = Math.max(z[0], z[1], z[2]);
    const e0 = Math.exp(z[0] - m);
    const e1 = Math.exp(z[1] - m);
    const e2 = Math.exp(z[2] - m);
    const sum = e0 + e1 + e2;
    const label: SentimentLabel = z[0] >= z[1] && z[0] >= z[2] ? 0 : z[1] >= z[2] ? 1 : 2;
    return { label, scores: [e0 / sum, e1 / sum, e2 / sum] };
  }

  classify(text: string, context?: ReadingContext): SentimentResult {
    this.read(text, this.buf, context);
    return this.result();
  }

  /** How much the text is read as news (the news head's share of the mix), 0…1. */
  newsShare(text: string): number {
    return this.read(text, this.buf, undefined).p;
  }

  /** classify() and newsShare() from one pass over the text. */
  classifyWithNewsShare(text: string, context?: ReadingContext): SentimentResult & { newsShare: number } {
    const { writer, p, retold } = this.read(text, this.buf, context);
    return { ...this.result(), newsShare: writer === "consumer" && !retold ? 0 : p };
  }

  /**
   * classify() plus the words and phrases that pushed the label. Each occurrence's share of every head's logits is
   * exact (the logits are sums of them); the general head reaches the news head through `stack`, taken to first order.
   * Shares are summed per token (a bigram or a character n-gram across two tokens counts half for each), and runs of
   * adjacent tokens that push the label become one phrase.
   */
  explain(text: string, context?: ReadingContext): Explanation {
    const buf = new FeatureBuffer(true);
    const { writer, p, retold } = this.read(text, buf, context);
    const result = this.result();
    const perToken = new Float64Array(buf.tokens.length);
    if (retold) {
      // Each reading of the post pushes in proportion to its share of the mix.
      this.accumulate(text, buf, true);
      this.addPushes(buf, "consumer", 1, result.label, perToken, 1 - p);
      this.accumulate(text, buf, false);
      this.addPushes(buf, "news", 1, result.label, perToken, p);
    } else this.addPushes(buf, writer, p, result.label, perToken, 1);
    return { ...result, top: topPhrases(buf.tokens, perToken) };
  }

  /**
   * Adds to perToken, times `weight`, how much each token of the last accumulate() pushed the log-odds of label L in the
   * reading of `writer` with second-head share p.
   */
  private addPushes(buf: FeatureBuffer, writer: Writer, p: number, L: SentimentLabel, perToken: Float64Array, weight: number): void {
    const { general } = this.parts;
    const { head: news, stack } = this.secondHead(writer);
    const N = writer === "consumer" ? C : NEWS;
    const others = [0, 1, 2].filter((c) => c !== L);
    const margin = (z: ArrayLike<number>) => z[L] - (z[others[0]] + z[others[1]]) / 2;
    // A change u of the general logits moves the mixed log-odds of L by (1 − p)/T_G·margin(u) + p/T_N·margin(S·u/T_G).
    const tG = general.temperature;
    const tN = news.temperature;
    const throughStack = [0, 1, 2].map((j) => margin([0, 1, 2].map((c) => stack[c * 3 + j])));
    const counts = new Map<number, number>();
    let i = 0;
    for (let g = 0; g < buf.groups; g++) {
      const kG = this.scale[g * 3];
      const kN = this.scale[g * 3 + 1];
      const mean = MEAN[buf.groupId[g]] === 1;
      counts.clear();
      for (; i < buf.groupEnd[g]; i++) {
        const at = this.slotOf(buf.hashes[i]);
        if (at < 0) continue;
        const v = buf.values[i];
        const before = counts.get(at) ?? 0;
        counts.set(at, before + v);
        const d = mean ? v : tfOf(before + v) - tfOf(before);
        const u = [0, 1, 2].map((c) => d * kG * this.table[at + G + 1 + c]);
        const w = [0, 1, 2].map((c) => d * kN * this.table[at + N + 1 + c]);
        const push =
          ((1 - p) / tG) * margin(u) +
          (p / tN) * (margin(w) + (u[0] * throughStack[0] + u[1] * throughStack[1] + u[2] * throughStack[2]) / tG);
        const from = buf.spanStart[i];
        const to = Math.min(buf.spanEnd[i], buf.tokens.length);
        for (let t = from; t < to; t++) perToken[t] += (weight * push) / (to - from);
      }
    }
  }

  private slotOf(h: number): number {
    let slot = h & this.mask;
    while (this.keys[slot] !== h) {
      if (this.keys[slot] === 0) return -1;
      slot = (slot + 1) & this.mask;
    }
    return slot * STRIDE;
  }
}

// Runs of up to PHRASE_TOKENS adjacent word tokens (not emoji) that each push the label by at least a fifth of the
// strongest token; a longer run is cut around its strongest window.
function topPhrases(tokens: string[], perToken: Float64Array): { text: string; weight: number }[] {
  const strongest = Math.max(0, ...perToken);
  if (strongest <= 0) return [];
  const phrases: { text: string; weight: number }[] = [];
  const pushes = (t: number) => WORDLIKE.test(tokens[t]) && !tokens[t].startsWith("emo_") && perToken[t] >= strongest / 5;
  for (let t = 0; t < tokens.length; ) {
    if (!pushes(t)) {
      t++;
      continue;
    }
    let end = t;
    while (end < tokens.length && pushes(end)) end++;
    for (let from = t; from < end; ) {
      let best = from;
      let bestSum = -Infinity;
      for (let s = from; s <= Math.max(from, end - PHRASE_TOKENS); s++) {
        let sum = 0;
        for (let k = s; k < Math.min(end, s + PHRASE_TOKENS); k++) sum += perToken[k];
        if (sum > bestSum) [best, bestSum] = [s, sum];
      }
      if (best > from) phrases.push(phrase(tokens, perToken, from, best));
      phrases.push(phrase(tokens, perToken, best, Math.min(end, best + PHRASE_TOKENS)));
      from = Math.min(end, best + PHRASE_TOKENS);
    }
    t = end;
  }
  return phrases.sort((a, b) => b.weight - a.weight).slice(0, TOP_PHRASES);
}

function phrase(tokens: string[], perToken: Float64Array, from: number, to: number): { text: string; weight: number } {
  let weight = 0;
  for (let t = from; t < to; t++) weight += perToken[t];
  const text = tokens
    .slice(from, to)
    .map((token) => token.replace(/\?$/, ""))
    .join(" ");
  return { text, weight: Math.round(weight * 1000) / 1000 };
}
