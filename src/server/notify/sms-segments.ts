import { unaccent } from "../../shared/vietnamese.ts";

/**
 * How many SMS segments a text costs (3GPP TS 23.038). A text whose every character is in the GSM 7-bit alphabet
 * (basic set, or extension set at two septets each) is sent as GSM-7: 160 septets in one message, 153 per segment once
 * split (7 go to the concatenation header). Any other character (a Vietnamese "ư", "ạ", an emoji) makes the whole
 * text UCS-2: 70 UTF-16 units alone, 67 per segment. A character is never cut between two segments.
 */
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENSION = "^{}\\[~]|€\f";

type SmsEncoding = "gsm7" | "ucs2";
export type SmsCost = { encoding: SmsEncoding; units: number; segments: number };

const LIMITS = { gsm7: { single: 160, part: 153 }, ucs2: { single: 70, part: 67 } } as const;

/** The size of each character in the encoding's units (septets or UTF-16 code units). */
function unitSizes(text: string): { encoding: SmsEncoding; sizes: number[] } {
  const chars = [...text];
  if (chars.every((c) => GSM_BASIC.includes(c) || GSM_EXTENSION.includes(c))) {
    return { encoding: "gsm7", sizes: chars.map((c) => (GSM_EXTENSION.includes(c) ? 2 : 1)) };
  }
  return { encoding: "ucs2", sizes: chars.map((c) => c.length) };
}

export function smsCost(text: string): SmsCost {
  const { encoding, sizes } = unitSizes(text);
  const units = sizes.reduce((a, b) => a + b, 0);
  const limit = LIMITS[encoding];
  if (units <= limit.single) return { encoding, units, segments: units === 0 ? 0 : 1 };
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > limit.part) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return { encoding, units, segments };
}

/**
 * The cheaper of the text with diacritics and without: Vietnamese marks force UCS-2 (70 characters a message, 67 a
 * segment), plain letters fit GSM-7 (160, 153). Marks are kept only when they cost no extra segment.
 */
export function cheaperSpelling(text: string): { text: string } & SmsCost {
  const accented = { text, ...smsCost(text) };
  const folded = unaccent(text);
  if (folded === text) return accented;
  const plain = { text: folded, ...smsCost(folded) };
  return plain.segments < accented.segments ? plain : accented;
}
