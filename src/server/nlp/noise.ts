import { HASHTAG_PATTERN, HANDLE_PATTERN, normalizeForAnalysis, normalizeForMatch, unaccent } from "./normalize.ts";

/** Trial accounts hide mentions scoring at least this. */
export const NOISE_THRESHOLD = 0.5;

export type NoiseReason =
  | "minigame"
  | "tag_friends"
  | "inbox_price"
  | "phone_number"
  | "ads_cta"
  | "link_farm"
  | "repeated_text"
  | "seeding"
  | "hashtag_stuffing"
  | "all_caps_shouting"
  | "author_flooding";

type NoiseContext = {
  /** How many times a near-identical text has been seen, this one included (see createRepeatDetector). */
  repeatCount?: number;
  authorPostsLastHour?: number;
  /** Overrides the links counted in the text, e.g. when the collector stripped them into attachments. */
  linkCount?: number;
};

type NoiseResult = { score: number; reasons: NoiseReason[] };

type Evidence = { reason: NoiseReason; weight: number };

// Phrases are matched on normalizeForAnalysis output, so teencode arrives expanded: write "inbox" for "ib",
// "bình luận" for "cmt", "số điện thoại" for "sđt". "#" stands for any number. A phrase right after a negation
// ("không freeship", "chưa nhận quà") does not count.
const PHRASE_RULES: readonly { reason: NoiseReason; weight: number; phrases: readonly string[] }[] = [
  { reason: "minigame", weight: 0.45, phrases: ["minigame", "mini game", "giveaway", "give away"] },
  {
    reason: "minigame",
    weight: 0.35,
    phrases: [
      "quay số",
      "bốc thăm",
      "số may mắn",
      "bình luận số",
      "comment số",
      "like share",
      "like và share",
      "share công khai",
      "share bài viết",
      "like page",
      "like fanpage",
      "follow page",
    ],
  },
  { reason: "minigame", weight: 0.2, phrases: ["trúng thưởng", "nhận quà", "rinh quà", "săn quà", "phần quà", "quà tặng"] },
  {
    reason: "tag_friends",
    weight: 0.4,
    phrases: ["tag # bạn", "tag # người bạn", "tag bạn bè", "tag ít nhất", "gắn thẻ # bạn", "gắn thẻ bạn bè", "rủ # bạn"],
  },
  { reason: "inbox_price", weight: 0.45, phrases: ["check inbox", "check inbx", "inbox giá", "inbx giá", "inbox báo giá"] },
  {
    reason: "inbox_price",
    weight: 0.4,
    phrases: [
      "inbox shop",
      "inbox em",
      "inbox mình",
      "inbox ngay",
      "inbox để",
      "inbox tư vấn",
      "inbx shop",
      "inbx em",
      "inbx mình",
      "nhắn tin cho shop",
    ],
  },
  { reason: "inbox_price", weight: 0.3, phrases: ["giá sỉ", "bán sỉ", "lấy sỉ", "sỉ lẻ", "sll", "báo giá"] },
  {
    reason: "ads_cta",
    weight: 0.35,
    phrases: [
      "liên hệ zalo",
      "lh zalo",
      "kết bạn zalo",
      "add zalo",
      "inbox zalo",
      "nhắn zalo",
      "đặt hàng ngay",
      "mua ngay",
      "order ngay",
      "đặt ngay",
      "chốt đơn",
      "nhận order",
      "freeship",
      "free ship",
      "miễn phí vận chuyển",
      "miễn phí giao hàng",
      "ship cod",
      "cod toàn quốc",
      "giao hàng toàn quốc",
      "ship toàn quốc",
      "nhận ship",
      "ship hàng toàn quốc",
      "mua # tặng #",
      "sale sốc",
      "giá sốc",
      "siêu sale",
      "flash sale",
      "sale off",
      "xả kho",
      "đại hạ giá",
      "số lượng có hạn",
      "tư vấn miễn phí",
      "link mua",
      "link sản phẩm",
      "link ở bình luận",
      "link dưới bình luận",
      "link trong bio",
    ],
  },
  { reason: "ads_cta", weight: 0.25, phrases: ["hotline", "giảm # %", "sale # %", "off # %"] },
  { reason: "ads_cta", weight: 0.15, phrases: ["liên hệ", "lh", "khuyến mãi", "ưu đãi", "giảm giá"] },
];

/** Seeding is praise followed by a push to buy; either alone is what genuine reviewers write too. */
const PRAISE = [
  "dùng thấy ok",
  "dùng thấy ổn",
  "xài thấy ok",
  "dùng thích lắm",
  "dùng rất thích",
  "ok lắm",
  "tốt lắm",
  "ngon lắm",
  "chân ái",
  "hết nước chấm",
  "đỉnh của chóp",
  "không hối hận",
  "đáng đồng tiền",
  "ưng lắm",
  "mê lắm",
  "tuyệt vời",
  "uy tín",
  "thấy hiệu quả",
  "hiệu quả bất ngờ",
];
const PUSH = ["nên mua", "nên dùng thử", "nên thử", "ai cần", "ai có nhu cầu", "ai quan tâm", "ghé shop", "ủng hộ shop", "mua ở đây"];
/** Complaints mention hotlines, minigames and inboxes too, but nobody advertises with them. */
const COMPLAINT = [
  "thất vọng",
  "lừa đảo",
  "bức xúc",
  "khiếu nại",
  "phản ánh",
  "không nhận được",
  "không ai nghe",
  "không ai trả lời",
  "mãi không",
  "tệ quá",
  "quá tệ",
  "bực mình",
];
const COMPLAINT_DISCOUNT = 0.6;
const NEGATIONS = ["không", "đừng", "chẳng", "chả", "chưa"];
/** "có nên mua không?", "có ai cần…không?" ask rather than push. */
const PUSH_BLOCKERS = [...NEGATIONS, "có"];

type Word = { folded: string; key: string; unmarked: boolean };
type Phrase = readonly Word[];

const NUMBER = "#";
const WORD_RE = /[\p{L}\p{M}\p{N}]+|%/gu;

function toWord(folded: string): Word {
  const key = unaccent(folded);
  return { folded, key, unmarked: key === folded };
}

const toPhrase = (phrase: string): Phrase => phrase.split(" ").map((w) => toWord(normalizeForMatch(w)));

/** Text without diacritics matches any marked spelling; text with diacritics must match them. */
const wordMatches = (word: Word, expected: Word) =>
  expected.folded === NUMBER ? /^\d+$/.test(word.folded) : word.folded === expected.folded || (word.unmarked && word.key === expected.key);

/**
 * Indexes phrases by the key of their first word so a text is scanned once. A phrase right after one of the
 * blockers does not count.
 */
function phraseIndex<T>(entries: readonly (readonly [string, T])[], blockers = NEGATIONS): (words: readonly Word[]) => T[] {
  const index = new Map<string, { phrase: Phrase; value: T }[]>();
  for (const [text, value] of entries) {
    const phrase = toPhrase(text);
    index.set(phrase[0].key, [...(index.get(phrase[0].key) ?? []), { phrase, value }]);
  }
  const blockerWords = blockers.map((w) => toWord(normalizeForMatch(w)));
  const matchesAt = (words: readonly Word[], start: number, phrase: Phrase) =>
    start + phrase.length <= words.length &&
    phrase.every((expected, k) => wordMatches(words[start + k], expected)) &&
    !(start > 0 && blockerWords.some((blocker) => wordMatches(words[start - 1], blocker)));
  return (words) =>
    words.flatMap((word, start) => (index.get(word.key) ?? []).filter((e) => matchesAt(words, start, e.phrase))).map((e) => e.value);
}

function containsAny(phrases: readonly string[], blockers = NEGATIONS): (words: readonly Word[]) => boolean {
  const find = phraseIndex(
    phrases.map((p) => [p, p] as const),
    blockers,
  );
  return (words) => find(words).length > 0;
}

// One Evidence object per phrase, so a Set of hits counts each distinct phrase once.
const findRules = phraseIndex(PHRASE_RULES.flatMap(({ reason, weight, phrases }) => phrases.map((p) => [p, { reason, weight }] as const)));
const hasPraise = containsAny(PRAISE);
const hasPush = containsAny(PUSH, PUSH_BLOCKERS);
const hasComplaint = containsAny(COMPLAINT);

function phraseEvidence(words: readonly Word[]): Evidence[] {
  const evidence: Evidence[] = [...new Set(findRules(words))];
  if (hasPush(words)) evidence.push({ reason: "seeding", weight: hasPraise(words) ? 0.55 : 0.35 });
  return evidence;
}

// Mobile 0[35789]x and landline 02x numbers, written with spaces, dots or dashes, or with +84. 1800/1900
// hotlines are left out: they belong to brands and show up in complaints and customer-service replies.
const PHONE_CANDIDATE_RE = /(?<![\d+])(?:\+?84|0)(?:[\s.-]?\d){8,10}(?!\d)/g;
const PHONE_RE = /^(?:0[35789]\d{8}|02\d{9})$/;

function phoneEvidence(text: string): Evidence[] {
  const numbers = [...text.matchAll(PHONE_CANDIDATE_RE)].map(([m]) => m.replace(/\D/g, "").replace(/^84/, "0"));
  return numbers.some((n) => PHONE_RE.test(n)) ? [{ reason: "phone_number", weight: 0.4 }] : [];
}

const URL_TOKEN = "url"; // what normalizeForAnalysis leaves in place of a link
const SHORTENER_RE =
  /(?<![\w.])(?:bit\.ly|tinyurl\.com|shorturl\.(?:at|asia)|cutt\.ly|rb\.gy|t\.ly|is\.gd|ow\.ly|tiny\.cc|shope\.ee|s\.shopee\.vn|s\.lazada\.vn|linktr\.ee)\//i;

function linkEvidence(words: readonly Word[], text: string, linkCount?: number): Evidence[] {
  const links = linkCount ?? words.filter((w) => w.folded === URL_TOKEN).length;
  const evidence: Evidence[] = [];
  if (links >= 3) evidence.push({ reason: "link_farm", weight: 0.5 });
  else if (links === 2) evidence.push({ reason: "link_farm", weight: 0.2 });
  if (SHORTENER_RE.test(text)) evidence.push({ reason: "link_farm", weight: 0.35 });
  return evidence;
}

const HASHTAG_RE = new RegExp(HASHTAG_PATTERN, "gu");
const HANDLE_RE = new RegExp(HANDLE_PATTERN, "gu");
/** Short texts ("Cảm ơn shop ạ") repeat innocently across authors. */
const MIN_WORDS_FOR_REPEATS = 6;

function formEvidence(text: string): Evidence[] {
  const evidence: Evidence[] = [];
  const hashtags = text.match(HASHTAG_RE)?.length ?? 0;
  if (hashtags >= 8) evidence.push({ reason: "hashtag_stuffing", weight: 0.55 });
  else if (hashtags >= 5) evidence.push({ reason: "hashtag_stuffing", weight: 0.35 });

  if ((text.match(HANDLE_RE)?.length ?? 0) >= 3) evidence.push({ reason: "tag_friends", weight: 0.3 });

  const letters = text.replace(HASHTAG_RE, "").replace(/[^\p{L}]/gu, "");
  const upper = letters.replace(/[^\p{Lu}]/gu, "").length;
  if (letters.length >= 15 && upper >= 0.8 * letters.length) evidence.push({ reason: "all_caps_shouting", weight: 0.3 });
  return evidence;
}

function contextEvidence(words: readonly Word[], ctx: NoiseContext): Evidence[] {
  const evidence: Evidence[] = [];
  const repeats = ctx.repeatCount ?? 1;
  if (words.length >= MIN_WORDS_FOR_REPEATS && repeats >= 2) {
    evidence.push({ reason: "repeated_text", weight: repeats >= 5 ? 0.7 : repeats >= 3 ? 0.55 : 0.3 });
  }

  const posts = ctx.authorPostsLastHour ?? 0;
  if (posts >= 10) evidence.push({ reason: "author_flooding", weight: posts >= 30 ? 0.45 : 0.3 });
  return evidence;
}

/**
 * How likely the text is spam, an ad, seeding or a minigame rather than a genuine voice, from 0 to 1. Each piece
 * of evidence is an independent chance of being noise (noisy-OR), so one weak cue stays below NOISE_THRESHOLD while
 * two agreeing cues pass it; complaints are discounted. `reasons` lists the evidence, strongest first.
 */
export function noiseScore(text: string, ctx: NoiseContext = {}): NoiseResult {
  const words = (normalizeForAnalysis(text).match(WORD_RE) ?? []).map(toWord);
  const evidence = [
    ...phraseEvidence(words),
    ...phoneEvidence(text),
    ...linkEvidence(words, text, ctx.linkCount),
    ...formEvidence(text),
    ...contextEvidence(words, ctx),
  ].sort((a, b) => b.weight - a.weight);
  const chanceOfGenuine = evidence.reduce((p, e) => p * (1 - e.weight), 1);
  const discount = hasComplaint(words) ? COMPLAINT_DISCOUNT : 1;
  return { score: (1 - chanceOfGenuine) * discount, reasons: [...new Set(evidence.map((e) => e.reason))] };
}
