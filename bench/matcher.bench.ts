import { performance } from "node:perf_hooks";
import { buildMatcher, type KeywordSet } from "../src/server/nlp/match";
import { parseQuery } from "../src/shared/query/parse-query";
import { unaccent } from "../src/server/nlp/normalize";

// 1,000 projects × 10 keywords against 5,000 generated ~40-syllable Vietnamese posts, compared with the naive
// approach of one case-insensitive regex per keyword (run on a subset and extrapolated: it is that slow).

const PROJECTS = 1000;
const KEYWORDS_PER_PROJECT = 10;
const DOCS = 5000;
const SYLLABLES_PER_DOC = 40;
const REGEX_SUBSET = 25;

/** mulberry32: the same corpus on every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(20240501);
const pick = <T>(items: readonly T[], skew = 1): T => items[Math.floor(items.length * rand() ** skew)];

const ONSETS = ["", "b", "c", "ch", "d", "đ", "g", "gi", "h", "kh", "l", "m", "n", "ng", "nh", "ph", "qu", "s", "t", "th", "tr", "v", "x"];
const RHYMES = [
  "a",
  "an",
  "ang",
  "anh",
  "ao",
  "at",
  "ay",
  "âm",
  "ân",
  "âu",
  "ăn",
  "e",
  "em",
  "en",
  "ê",
  "ên",
  "i",
  "im",
  "in",
  "inh",
  "iêu",
  "iên",
  "o",
  "oa",
  "oan",
  "oang",
  "oi",
  "om",
  "on",
  "ong",
  "ô",
  "ôi",
  "ông",
  "ơ",
  "ơi",
  "ơn",
  "u",
  "ua",
  "uân",
  "ui",
  "un",
  "ung",
  "uôi",
  "uông",
  "ươi",
  "ương",
  "ưa",
  "ưng",
  "y",
];
const TONE_MARKS = ["", "", "\u0300", "\u0301", "\u0309", "\u0303", "\u0323"];
const LATIN_PARTS = [
  "viet",
  "tech",
  "com",
  "bank",
  "milk",
  "mart",
  "pay",
  "shop",
  "food",
  "air",
  "fone",
  "land",
  "star",
  "max",
  "home",
  "care",
  "life",
  "soft",
  "net",
  "link",
  "sun",
  "gold",
  "green",
  "smart",
];

function syllable(): string {
  const rhyme = pick(RHYMES);
  const vowel = rhyme.search(/[ăâêôơư]/) >= 0 ? rhyme.search(/[ăâêôơư]/) : rhyme.search(/[aeiouy]/);
  return (pick(ONSETS) + rhyme.slice(0, vowel + 1) + pick(TONE_MARKS) + rhyme.slice(vowel + 1)).normalize("NFC");
}
const VOCABULARY = [...new Set(Array.from({ length: 6000 }, syllable))];
const word = () => pick(VOCABULARY, 3); // Zipf-like: a few syllables are very common
const brand = () => pick(LATIN_PARTS) + pick(LATIN_PARTS);
const capitalize = (s: string) => s[0].toUpperCase() + s.slice(1);

function keyword(): string {
  const kind = rand();
  if (kind < 0.3) return capitalize(brand());
  if (kind < 0.4) return `${capitalize(brand())} ${Math.floor(rand() * 30)}`;
  return Array.from({ length: kind < 0.8 ? 2 : 3 }, () => pick(VOCABULARY)).join(" ");
}

const sets: KeywordSet[] = Array.from({ length: PROJECTS }, (_, i) => ({
  projectId: `project-${i}`,
  keywords: Array.from({ length: KEYWORDS_PER_PROJECT }, keyword),
}));

function doc(): string {
  const parts: string[] = [];
  for (let i = 0; i < SYLLABLES_PER_DOC; i++) {
    const r = rand();
    if (r < 0.03) parts.push(pick(pick(sets).keywords));
    else if (r < 0.04) parts.push(`#${brand()}`);
    else parts.push(word() + (r > 0.9 ? pick([",", ".", "!", " :)", " 😍"]) : ""));
  }
  const text = capitalize(parts.join(" "));
  return rand() < 0.2 ? unaccent(text) : text;
}
const docs = Array.from({ length: DOCS }, doc);
// Issue 38: the same projects, each also with 10 excluded phrases (drawn after the corpus, so it is the same one).
const withExclusions: KeywordSet[] = sets.map((set) => ({ ...set, excluded: Array.from({ length: KEYWORDS_PER_PROJECT }, keyword) }));
// …and each with an advanced query over its 10 keywords instead.
const quoted = (k: string) => `"${k}"`;
const withQueries: KeywordSet[] = sets.map((set) => {
  const [a, b, c, d, ...rest] = set.keywords.map(quoted);
  return { ...set, query: parseQuery(`(${a} OR ${b}) NEAR/5 ${c} OR (${rest.join(" OR ")}) AND NOT ${d}`) };
});
const megabytes = (texts: string[]) => texts.reduce((sum, t) => sum + Buffer.byteLength(t), 0) / 1e6;

function regexFor(phrase: string): RegExp {
  const syllables = phrase.split(/\s+/).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`(?<![\\p{L}\\p{N}])${syllables.join("[^\\p{L}\\p{N}]+")}(?![\\p{L}\\p{N}])`, "giu");
}

function timed<T>(run: () => T): { seconds: number; value: T } {
  const start = performance.now();
  const value = run();
  return { seconds: (performance.now() - start) / 1000, value };
}

export default async function (): Promise<void> {
  const build = timed(() => buildMatcher(sets));
  const matcher = build.value;
  for (const text of docs.slice(0, 500)) matcher.match(text); // warm up the JIT
  const ac = timed(() => docs.reduce((sum, text) => sum + matcher.match(text).length, 0));
  const excluding = buildMatcher(withExclusions);
  for (const text of docs.slice(0, 500)) excluding.match(text);
  const ex = timed(() => docs.reduce((sum, text) => sum + excluding.match(text).length, 0));
  const querying = buildMatcher(withQueries);
  for (const text of docs.slice(0, 500)) querying.match(text);
  const qu = timed(() => docs.reduce((sum, text) => sum + querying.match(text).length, 0));

  const regexes = sets.flatMap((set) => set.keywords.map(regexFor));
  const subset = docs.slice(0, REGEX_SUBSET);
  const regexLoop = () => subset.reduce((sum, text) => sum + regexes.reduce((n, re) => n + [...text.matchAll(re)].length, 0), 0);
  regexLoop(); // compile and tier up every regex before timing
  const naive = timed(regexLoop);

  const mb = megabytes(docs);
  const acDocsPerSecond = DOCS / ac.seconds;
  const regexDocsPerSecond = REGEX_SUBSET / naive.seconds;
  console.log(
    `${PROJECTS} projects × ${KEYWORDS_PER_PROJECT} keywords (${matcher.size} pairs), built in ${(build.seconds * 1000).toFixed(1)} ms`,
  );
  console.log(`${DOCS} docs, ${mb.toFixed(2)} MB`);
  console.log(
    `matcher:     ${acDocsPerSecond.toFixed(0).padStart(9)} docs/s ${(mb / ac.seconds).toFixed(2).padStart(8)} MB/s  (${ac.value} matches)`,
  );
  console.log(
    `regex loop:  ${regexDocsPerSecond.toFixed(1).padStart(9)} docs/s ${((mb / DOCS) * regexDocsPerSecond).toFixed(4).padStart(8)} MB/s  (${naive.value} matches in ${REGEX_SUBSET} docs, extrapolated)`,
  );
  console.log(`speed-up:    ${(acDocsPerSecond / regexDocsPerSecond).toFixed(0)}× (goal ≥ 20×)`);
  console.log(
    `+ 10 exclusions each: ${(DOCS / ex.seconds).toFixed(0).padStart(9)} docs/s  (${ex.value} matches), ${(ex.seconds / ac.seconds).toFixed(2)}× the time per document (goal ≤ 1.5×)`,
  );
  console.log(
    `advanced queries:     ${(DOCS / qu.seconds).toFixed(0).padStart(9)} docs/s  (${qu.value} matches), ${(qu.seconds / ac.seconds).toFixed(2)}× the time per document (goal ≤ 1.5×)`,
  );
}
