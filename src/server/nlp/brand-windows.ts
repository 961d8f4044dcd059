/** A keyword found in a text: the brand (project) it belongs to, and where, as UTF-16 offsets into the text (end exclusive). */
export type OwnedSpan = { owner: number; start: number; end: number };

/** Windows read per brand, besides those of the title. */
const MAX_WINDOWS = 3;
/** A window longer than this (a post without punctuation) is cut to this many characters around its keyword. */
export const MAX_WINDOW_LENGTH = 400;

/** One keyword place of a sentence, with every brand watching it ("1,4"). */
type Place = { start: number; end: number; owners: string };
type Segment = { start: number; end: number; inTitle: boolean; firstSpan: Map<number, number> };

// A sentence ends at a line break, or at . ! ? … (with closing quotes or brackets) followed by a space and anything but
// a lowercase letter: "TP.HCM", "3.5", "vnexpress.net" and "VinaPhone… được đề nghị" go on.
const SENTENCE_END_RE = /(?:[.!?…]+["”'’)\]]*(?=\s+[^\s\p{Ll}]|\s*$))|\n/gu;
// Inside a sentence, any such punctuation before a space breaks a clause, and so do , ; : and a spaced dash. Quotes
// and brackets (breaks for the tokenizer's phrases) do not: a quoted complaint belongs to its clause.
const CLAUSE_BREAK_RE = /[,;:.!?…]+["”'’)\]]*(?=\s)|\s[-–—]\s/gu;
const WORD_RE = /[\p{L}\p{N}]+/gu;
const LIST_JOINERS = new Set(["và", "hay", "hoặc", "cùng", "va", "hoac", "cung"]);

function trimmed(text: string, start: number, end: number): [number, number] {
  while (start < end && /\s/u.test(text[start])) start++;
  while (end > start && /\s/u.test(text[end - 1])) end--;
  return [start, end];
}

function sentences(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  let from = 0;
  for (const m of text.matchAll(SENTENCE_END_RE)) {
    ranges.push(trimmed(text, from, m.index + m[0].length));
    from = m.index + m[0].length;
  }
  ranges.push(trimmed(text, from, text.length));
  return ranges.filter(([start, end]) => end > start);
}

/** [start, end] of the last clause break in text[from, to), or undefined. */
function lastClauseBreak(text: string, from: number, to: number): [number, number] | undefined {
  let last: [number, number] | undefined;
  for (const m of text.slice(from, to).matchAll(CLAUSE_BREAK_RE)) last = [from + m.index, from + m.index + m[0].length];
  return last;
}

/** The words of text[from, to) that are not part of a keyword. */
function ownWords(text: string, from: number, to: number, places: Place[]): string[] {
  const words: string[] = [];
  for (const m of text.slice(from, to).matchAll(WORD_RE)) {
    const at = from + m.index;
    if (!places.some((p) => at < p.end && at + m[0].length > p.start)) words.push(m[0]);
  }
  return words;
}

/**
 * Where one sentence is cut: at the last clause break between two neighbouring keyword places watched by different
 * brands, so "X bị thu hồi, khách chuyển sang Y" reads "X bị thu hồi" for X and "khách chuyển sang Y" for Y; the clauses
 * between two brands go with the one before them (the subject comes first in Vietnamese). Read on brand-news and news
 * titles, cuts went wrong in two shapes, which stay whole: a list ("Sabeco, Habeco vi phạm…", "Facebook, WhatsApp,
 * Google sắp gặp khó": nothing but names and "và" between the two brands; in a text without lowercase letters names
 * cannot be told, so only nothing at all), and a side left with nothing but brand names ("JD.com - công ty rót vốn vào
 * Tiki").
 */
function cuts(text: string, places: Place[], [sentenceStart, sentenceEnd]: [number, number]): [number, number][] {
  const cased = /\p{Ll}/u.test(text.slice(sentenceStart, sentenceEnd));
  const isListWord = (word: string) => LIST_JOINERS.has(word.toLowerCase()) || (cased && /^[\p{Lu}\p{N}]/u.test(word));
  const found: [number, number][] = [];
  let segmentStart = sentenceStart;
  for (let i = 1; i < places.length; i++) {
    const [before, after] = [places[i - 1], places[i]];
    if (before.owners === after.owners || before.end > after.start) continue;
    const cut = lastClauseBreak(text, before.end, after.start);
    if (!cut || ownWords(text, before.end, after.start, places).every(isListWord)) continue;
    if (ownWords(text, segmentStart, cut[0], places).length === 0 || ownWords(text, cut[1], sentenceEnd, places).length === 0) continue;
    found.push(cut);
    segmentStart = cut[1];
  }
  return found;
}

/** Keyword places of spans (sorted by start), one per distinct span with every brand there, in text order. */
function placesOf(spans: OwnedSpan[]): Place[] {
  const places = new Map<string, { start: number; end: number; owners: Set<number> }>();
  for (const span of spans) {
    const key = `${span.start}:${span.end}`;
    const place = places.get(key) ?? { start: span.start, end: span.end, owners: new Set() };
    place.owners.add(span.owner);
    places.set(key, place);
  }
  return [...places.values()]
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .map((p) => ({ start: p.start, end: p.end, owners: [...p.owners].sort((a, b) => a - b).join(",") }));
}

/** Sentences and cut clauses in text order, each with the first keyword of every brand it holds. */
function segmentsOf(text: string, spans: OwnedSpan[], titleEnd: number): Segment[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const segments: Segment[] = [];
  let first = 0;
  for (const sentence of sentences(text)) {
    while (first < sorted.length && sorted[first].start < sentence[0]) first++;
    let last = first;
    while (last < sorted.length && sorted[last].start < sentence[1]) last++;
    const bounds = [sentence[0], ...cuts(text, placesOf(sorted.slice(first, last)), sentence).flat(), sentence[1]];
    for (let i = 0; i < bounds.length; i += 2) {
      const [start, end] = trimmed(text, bounds[i], bounds[i + 1]);
      if (end > start) segments.push({ start, end, inTitle: start < titleEnd, firstSpan: new Map() });
    }
  }
  let k = 0;
  for (const span of sorted) {
    while (k < segments.length && segments[k].end <= span.start) k++;
    const segment = segments[k];
    if (segment && span.start >= segment.start && !segment.firstSpan.has(span.owner)) segment.firstSpan.set(span.owner, span.start);
  }
  return segments;
}

/** The segment's text, cut to MAX_WINDOW_LENGTH around the keyword at `focus` (at spaces) when longer. */
function clip(text: string, segment: Segment, focus: number): string {
  if (segment.end - segment.start <= MAX_WINDOW_LENGTH) return text.slice(segment.start, segment.end);
  let from = Math.max(segment.start, Math.min(focus - MAX_WINDOW_LENGTH / 2, segment.end - MAX_WINDOW_LENGTH));
  let to = from + MAX_WINDOW_LENGTH;
  const firstSpace = text.indexOf(" ", from);
  if (from > segment.start && firstSpace !== -1 && firstSpace < focus) from = firstSpace + 1;
  const lastSpace = text.lastIndexOf(" ", to);
  if (to < segment.end && lastSpace > focus) to = lastSpace;
  return text.slice(from, to).trim();
}

/**
 * The text each brand's sentiment is read from, given where its keywords are: the sentences holding its keywords (a
 * sentence naming other brands too is cut between them, see `cuts`), the first MAX_WINDOWS of the body plus those of
 * the title (the text before `titleEnd`), one window a line. A title naming no brand is read by every brand: it says
 * what the document is about; a title naming only other brands is not. A brand without spans reads the whole text, and
 * so does a brand whose windows are the whole text: the same string, so that a reading of the text can be reused.
 */
export function brandWindows(text: string, spans: OwnedSpan[], titleEnd = 0): (owner: number) => string {
  const segments = segmentsOf(text, spans, titleEnd);
  const titleNamesNoBrand = segments.every((s) => !s.inTitle || s.firstSpan.size === 0);
  return (owner) => {
    if (!segments.some((s) => s.firstSpan.has(owner))) return text;
    const chosen: Segment[] = [];
    let body = 0;
    for (const s of segments) {
      if (s.inTitle ? titleNamesNoBrand || s.firstSpan.has(owner) : s.firstSpan.has(owner) && body++ < MAX_WINDOWS) chosen.push(s);
    }
    if (chosen.length === segments.length && chosen.every((s) => s.end - s.start <= MAX_WINDOW_LENGTH)) return text;
    return chosen.map((s) => clip(text, s, s.firstSpan.get(owner) ?? s.start)).join("\n");
  };
}
