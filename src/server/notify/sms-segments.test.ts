import { describe, expect, test } from "vitest";
import { cheaperSpelling, smsCost } from "./sms-segments.ts";

describe("SMS segments", () => {
  test("GSM-7: 160 characters in one message, 153 per segment once split", () => {
    expect(smsCost("a".repeat(160))).toEqual({ encoding: "gsm7", units: 160, segments: 1 });
    expect(smsCost("a".repeat(161))).toEqual({ encoding: "gsm7", units: 161, segments: 2 });
    expect(smsCost("a".repeat(306))).toEqual({ encoding: "gsm7", units: 306, segments: 2 });
    expect(smsCost("a".repeat(307))).toEqual({ encoding: "gsm7", units: 307, segments: 3 });
  });

  test("extension characters take two septets and are never split between segments", () => {
    expect(smsCost("€".repeat(80))).toEqual({ encoding: "gsm7", units: 160, segments: 1 });
    // 152 plain + "€" would straddle 153: the euro moves to the second segment.
    expect(smsCost(`${"a".repeat(152)}€${"a".repeat(152)}`)).toMatchObject({ units: 306, segments: 3 });
  });

  test("one Vietnamese letter makes the whole text UCS-2: 70 alone, 67 per segment", () => {
    const text = "Nghe Trung Nguyên: 1,234 đề cập";
    expect(smsCost(text)).toEqual({ encoding: "ucs2", units: text.length, segments: 1 });
    expect(smsCost(`ư${"a".repeat(69)}`)).toMatchObject({ encoding: "ucs2", segments: 1 });
    expect(smsCost(`ư${"a".repeat(70)}`)).toMatchObject({ encoding: "ucs2", segments: 2 });
    expect(smsCost(`ư${"a".repeat(133)}`)).toMatchObject({ encoding: "ucs2", segments: 2 });
    expect(smsCost(`ư${"a".repeat(134)}`)).toMatchObject({ encoding: "ucs2", segments: 3 });
  });

  test("an emoji's two UTF-16 units stay in one segment", () => {
    // 134 units would fill two segments exactly, but the emoji cannot straddle the first boundary.
    expect(smsCost(`${"ạ".repeat(66)}😀${"a".repeat(66)}`)).toMatchObject({ encoding: "ucs2", units: 134, segments: 3 });
    expect(smsCost(`${"ạ".repeat(65)}😀${"a".repeat(67)}`)).toMatchObject({ units: 134, segments: 2 });
  });

  test("marks stay while they cost no segment, and go once they would", () => {
    const short = "Nghe: 5 đề cập, tiêu cực 20%, chi tiết tại https://nghe.vn/r/Ab3dE9xQ";
    expect(cheaperSpelling(short)).toEqual({ text: short, encoding: "ucs2", units: 69, segments: 1 });
    expect(cheaperSpelling(`${short}, tích cực 30%`)).toEqual({
      text: "Nghe: 5 de cap, tieu cuc 20%, chi tiet tai https://nghe.vn/r/Ab3dE9xQ, tich cuc 30%",
      encoding: "gsm7",
      units: 83,
      segments: 1,
    });
  });
});
