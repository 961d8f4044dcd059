// Chat-speak lexicon used by normalizeForAnalysis. Documented in docs/nlp/normalization.md.
// Keys are whole words as they appear after normalizeForMatch (lowercase, NFC); values are written in the
// same canonical form (tone mark on the main vowel: "hòa", "thúy"), so expansion never needs re-normalizing.
// Ambiguous abbreviations ("ck" = chồng / chuyển khoản, "dh" = đại học / đơn hàng, "v" = vậy / và) are left out.

export const TEENCODE: Readonly<Record<string, string>> = {
  // không
  k: "không", ko: "không", kh: "không", khg: "không", kg: "không", hok: "không", hông: "không", hem: "không",
  hk: "không", khong: "không", kô: "không", hong: "không",
  // được
  dc: "được", đc: "được", dk: "được", đk: "được", duoc: "được", đươc: "được",
  // pronouns and people
  ng: "người", ngừi: "người", mn: "mọi người", mng: "mọi người", ngta: "người ta", ae: "anh em",
  mk: "mình", mik: "mình", mh: "mình", bn: "bạn", pạn: "bạn", ny: "người yêu", vk: "vợ",
  ad: "admin", nv: "nhân viên",
  // question words and particles
  j: "gì", ji: "gì", z: "vậy", zậy: "vậy", dzậy: "vậy", zị: "vậy", ntn: "như thế nào", bnh: "bao nhiêu",
  r: "rồi", rùi: "rồi", gòi: "rồi", ùi: "rồi", thui: "thôi", thoy: "thôi", lun: "luôn",
  // common words
  vs: "với", cx: "cũng", cg: "cũng", cũg: "cũng", lm: "làm", trc: "trước", ms: "mới", chx: "chưa",
  bít: "biết", bik: "biết", bjk: "biết", pik: "biết", pít: "biết", kbiet: "không biết", kbt: "không biết",
  thik: "thích", iu: "yêu", wá: "quá", wa: "quá", qá: "quá", qa: "quá", lém: "lắm", nhìu: "nhiều",
  mún: "muốn", bùn: "buồn", dzui: "vui", hum: "hôm", hnay: "hôm nay", hqua: "hôm qua", bh: "bây giờ",
  bgio: "bây giờ", đag: "đang", dag: "đang", đg: "đang", nx: "nữa", nhg: "nhưng", đúg: "đúng", hàg: "hàng",
  thw: "thương", bth: "bình thường", tg: "thời gian", vd: "ví dụ", kq: "kết quả",
  // politeness
  tks: "cảm ơn", thks: "cảm ơn", thx: "cảm ơn", thanks: "cảm ơn", camon: "cảm ơn",
  oke: "ok", okie: "ok", oki: "ok", okela: "ok", okla: "ok",
  // commerce and social media
  sp: "sản phẩm", sd: "sử dụng", qc: "quảng cáo", sđt: "số điện thoại", sdt: "số điện thoại",
  đt: "điện thoại", dt: "điện thoại", tk: "tài khoản", stk: "số tài khoản", cty: "công ty",
  ib: "inbox", rep: "trả lời", tl: "trả lời", cmt: "bình luận", nt: "nhắn tin", nch: "nói chuyện",
  fb: "facebook", flw: "theo dõi",
  // places and groups
  vn: "việt nam", hn: "hà nội", sg: "sài gòn", hcm: "hồ chí minh", tp: "thành phố",
  gđ: "gia đình", hs: "học sinh", sv: "sinh viên", gv: "giáo viên", bv: "bệnh viện",
};

// Emoticons are matched after lowercasing (":D" arrives as ":d"). Order matters: ">:(" must win over ":(".
export const EMOTICONS: readonly (readonly [RegExp, string])[] = [
  [/>:-?\(+/g, "emo_angry"],
  [/<3+/g, "emo_love"],
  [/[:=;]'?-?\(+|(?<![\p{L}\p{N}])t_t(?![\p{L}\p{N}])/gu, "emo_sad"],
  [/-_-+/g, "emo_meh"],
  [/[:=;]-?[)\]]+|(?<!\p{N})[:=]-?[dpv3]+(?![\p{L}\p{N}])|\^_*\^/gu, "emo_smile"],
  [/:-?o(?![\p{L}\p{N}])/gu, "emo_surprise"],
];

// Emoji by their first pictograph (variation selectors, skin tones and ZWJ tails are dropped first).
export const EMOJI: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries({
    emo_love: "❤♥💕💖💗💓💞💘💝😍🥰😘😻💋",
    emo_smile: "😀😃😄😁😆😅😂🤣😊🙂☺😉😋😎🤗😹😸😺🥳",
    emo_sad: "😢😭😞😔😟😥😿☹🙁😩😫💔🥺😓",
    emo_angry: "😡😠🤬👿💢😤",
    emo_like: "👍👌💯👏🙌🔥⭐🌟✅",
    emo_dislike: "👎❌🚫",
    emo_surprise: "😱😨😮😲😳🤯",
    emo_disgust: "🤮🤢💩",
    emo_meh: "😐😑🙄😒🤔😕",
  }).flatMap(([token, chars]) => [...chars].map((char) => [char, token])),
);
