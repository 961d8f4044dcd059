import { createRequire } from "node:module";
import { normalizeForMatch, unaccent } from "./normalize.ts";

// Words that carry no topic for the keyword cloud (docs/nlp/segmentation.md, "Stop words"). Entries are whole words,
// one or more syllables, compared in normalizeForMatch form: the Vietnamese list of the npm package stopwords-iso
// (MIT, © Gene Diaz and contributors, 645 entries) plus ours below, minus KEPT. "không", "được", "rất" are stop
// words here: they matter for sentiment, not for "what people talk about".

/** Ours, single syllables: pronouns, classifiers, particles, numerals and chat fillers. */
const OUR_SYLLABLES = `
  à á ạ ả ã ai anh ấy ầy bà bác bạn bao bây bấy bằng bên bển bị bởi bỏ bọn bản cả các cách cái càng cần cậu
  cháu chắc chẳng chỉ chị chiếc chính cho chỗ chớ chứ chú chúng chưa chuyện có coi còn con cô cơ cũng cùng cứ
  của cụ dạ dì dù dưới đã đang đâu đây đấy đầu để đến đều đi điều đó đôi đúng được gì giờ giữa gồm hả hai hãy
  hầu hết hay hắn hết hề hiện hoặc hôm họ hơi hơn hở hử khá khi khiến khỏi không kia kìa kể là lại làm
  lần lắm lên lúc luôn mà mai mày mấy mình mọi mỗi một mới muốn mười nà nào nay này năm nên nếu nữa
  nè nhau nhé nhỉ nhất nhiên nhiều nhiêu như nhưng những nơi nó nói ngay ngày nghìn ngàn người nha
  nhá nhằm nhận ô ơ ở ơi phải qua quá ra rằng rất riêng rồi sao sau sáu sắp sẽ sự ta tại tám tao tất thì
  thế thêm theo thấy thật thôi thứ thường thực tôi tớ từ tuy từng trăm trên trong trước triệu tỷ tỉ vài vào
  vẫn vậy về vì việc với vừa vâng xin xong ừ ừm ừa ư ý ba bốn bảy chín mươi lăm rưỡi hồi kiểu loại
  biết bảo tự vô chừng khoảng gần xa ni nớ mô tê răng rứa cuộc tuần cuối phút giây
  ok admin shop inbox url
`;

/** Ours, words of several syllables (the segmenter keeps them whole). */
const OUR_WORDS = `
  như vậy, như thế, như thế nào, thế nào, bao giờ, bao nhiêu, bao lâu, tại sao, vì sao, làm sao, sau đó, trước đó,
  từ đó, do đó, vì vậy, tuy nhiên, mặc dù, bởi vì, cho nên, nhưng mà, ngoài ra, mọi người, mọi thứ, các bạn,
  chúng ta, chúng tôi, chúng mình, người ta, ông ta, bà ta, cô ta, anh ta, chị ta, em ta, hắn ta, hôm nay, hôm qua,
  ngày mai, bây giờ, hiện nay, hiện tại, năm nay, gần đây, trước đây, sắp tới, cái gì, điều gì, việc gì, ai đó,
  ở đâu, chỗ nào, khi nào, lúc nào, có thể, không thể, có lẽ, thực sự, thật sự, khá là, rất là, hơi bị, quá trời,
  cực kỳ, vô cùng, cảm ơn, cám ơn, xin lỗi, hằng ngày, hàng ngày, hằng năm, hàng năm, hàng tháng, hàng tuần
`;

const ENGLISH = `
  a an and or but if of to in on at for with by from is are was were be been being it its this that these
  those i me my you your he him his she her we our they them their as so not no yes do does did done have has
  had will would can could should just very too also all any some more most much many what which who whom when
  where why how than then there here up down out about into over after before again once only own same such
  both each few other nor off now via lol http https www com vn html
`;

/** stopwords-iso entries that name what a product is like ("không quá ngọt", "mùi tanh"): a cloud keeps them. */
const KEPT = ["ngọt", "sạch", "tanh", "bông", "bất tử", "nức nở"];

const STOPWORDS_ISO_VI: readonly string[] = createRequire(import.meta.url)("stopwords-iso").vi;

function entries(): string[] {
  const syllables = `${OUR_SYLLABLES} ${ENGLISH}`.split(/\s+/);
  const words = OUR_WORDS.split(",");
  return [...STOPWORDS_ISO_VI, ...syllables, ...words].map((w) => normalizeForMatch(w).trim().replace(/\s+/g, " ")).filter(Boolean);
}

const kept = new Set(KEPT.map(normalizeForMatch));

const STOPWORDS: ReadonlySet<string> = new Set(entries().filter((w) => !kept.has(w)));

/** The same words without diacritics, for text typed without them ("cua", "nhung"). */
const BARE_STOPWORDS: ReadonlySet<string> = new Set([...STOPWORDS].map(unaccent));

/**
 * term: a word in normalizeForMatch form. In a text typed without diacritics, a word without them is a stop word
 * when one of the stop words reads so ("cua" = "của"), even if it may have been another word ("cua" = "cua", crab).
 */
export function isStopword(term: string, typedWithoutDiacritics = false): boolean {
  return STOPWORDS.has(term) || (typedWithoutDiacritics && BARE_STOPWORDS.has(term) && term === unaccent(term));
}
