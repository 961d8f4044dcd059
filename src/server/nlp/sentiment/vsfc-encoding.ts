// UIT-VSFC replaced emoticons by words and names by placeholders: training and every evaluation turn them back, so the
// emoticons meet those of real text and the figures of the model card and of the corrections gate agree.
const VSFC_EMOTICONS: Record<string, string> = {
  colonsmile: ":)",
  colonsmilesmile: ":))",
  colonbigsmile: ":D",
  colonsmallsmile: ":)",
  colonhihi: "^^",
  colonsad: ":(",
  colonsadcolon: ":(",
  colonlove: "<3",
  coloncontemn: ":/",
  colonsurprise: ":o",
  colondoublesurprise: ":O",
  dotdotdot: "...",
  doubledot: ":",
};
const VSFC_TOKEN = /\b(colon[a-z]+|dotdotdot|doubledot|wzjwz\d+)\b/g;

/** A UIT-VSFC text with its emoticon words turned back into emoticons and its `wzjwzNN` name placeholders dropped. */
export function undoVsfcEncoding(text: string): string {
  return text.replace(VSFC_TOKEN, (t) => (t.startsWith("wzjwz") ? "" : (VSFC_EMOTICONS[t] ?? t)));
}
