import { describe, expect, test } from "vitest";
import { translate } from "../../../i18n/index.ts";
import { smsCost } from "../../notify/sms-segments.ts";
import type { ReportFigures } from "./report-figures.ts";
import { MAX_SMS_SEGMENTS, smsDigest } from "./sms-digest.ts";

const LINK = "https://nghe.vn/r/Ab3dE9xQ";

/** The figures a digest reads: the period, the brand, the counters with their change and the sentiment split. */
function figures(
  name: string,
  frequency: "daily" | "weekly",
  counters: { mentions: number; change: number | null; negative: number },
): ReportFigures {
  const period =
    frequency === "daily" ? { frequency, start: "2026-11-20", end: "2026-11-20" } : { frequency, start: "2026-11-16", end: "2026-11-22" };
  const stats = {
    total_mention: counters.mentions,
    total_post: 412,
    total_view: 1_234_567,
    total_comment: 3_456,
    total_like: 12_345,
    total_share: 789,
    total_comment_post: 820,
  };
  return {
    period,
    projects: [{ id: 1, name, color: "#0EA5E9" }],
    stats: {
      ...stats,
      previous: stats,
      change: { ...Object.fromEntries(Object.keys(stats).map((k) => [k, null])), total_mention: counters.change },
    },
    sentiment: { project_id: 1, neutral: counters.mentions - counters.negative - 100, positive: 100, negative: counters.negative },
  } as unknown as ReportFigures;
}

/** A prepared report's parts the digest reads; `crises` stands for the incident section's SMS part. */
const digestOf = (report: ReportFigures, lang: "vi" | "en", crises: string | null = null) =>
  smsDigest({ figures: report, lang, sections: [{ sms: crises }] }, LINK);

describe("SMS digest", () => {
  test("Vietnamese loses its marks when that saves a segment, and says every counter in two GSM-7 segments at most", () => {
    const digest = digestOf(figures("Sữa Việt", "weekly", { mentions: 12_480, change: 12.5, negative: 1_010 }), "vi");
    expect(digest.text).toBe(
      "Nghe Sua Viet 16/11-22/11: 12,480 de cap (+12.5%), 412 bai viet, 16,590 tuong tac, 1,234,567 luot xem, tieu cuc 8.1%. Chi tiet: https://nghe.vn/r/Ab3dE9xQ",
    );
    expect(digest).toMatchObject({ encoding: "gsm7", segments: 1 });
    // The same text with its marks would cost three UCS-2 segments.
    expect(smsCost(digest.text.replace("de cap", "đề cập").replace("Sua Viet", "Sữa Việt")).segments).toBeGreaterThan(digest.segments);
  });

  test("English digests, falling change, a first period without comparison", () => {
    const digest = digestOf(figures("Trung Nguyên", "daily", { mentions: 980, change: -3.25, negative: 49 }), "en");
    expect(digest.text).toBe(
      "Nghe Trung Nguyen 20/11: 980 mentions (-3.3%), 412 posts, 16,590 interactions, 1,234,567 views, 5% negative. More: https://nghe.vn/r/Ab3dE9xQ",
    );
    expect(digestOf(figures("Phúc Long", "daily", { mentions: 300, change: null, negative: 0 }), "vi").text).toContain(
      "300 de cap, 412 bai viet",
    );
  });

  test("a name no GSM-7 spelling can carry drops the optional counters, then shortens the name, never past two segments", () => {
    const name = "Trà sữa 珍珠 奶茶 Hồng Kông";
    const digest = digestOf(figures(name, "weekly", { mentions: 12_480, change: 12.5, negative: 1_010 }), "vi");
    expect(digest.encoding).toBe("ucs2");
    expect(digest.segments).toBeLessThanOrEqual(MAX_SMS_SEGMENTS);
    expect(digest.text).toContain("tiêu cực 8.1%");
    expect(digest.text).toContain(LINK);
    expect(digest.text).not.toContain("lượt xem");
  });

  test("the period's crises follow the negative share, and stay when counters have to go", () => {
    const crises = (lang: "vi" | "en", count: number) => translate(lang, "report.sms.incidents", { value: count });
    const weekly = figures("Sữa Việt", "weekly", { mentions: 12_480, change: 12.5, negative: 1_010 });
    const vi = digestOf(weekly, "vi", crises("vi", 2));
    expect(vi.text).toBe(
      "Nghe Sua Viet 16/11-22/11: 12,480 de cap (+12.5%), 412 bai viet, 16,590 tuong tac, 1,234,567 luot xem, tieu cuc 8.1%, 2 khung hoang. Chi tiet: https://nghe.vn/r/Ab3dE9xQ",
    );
    expect(vi).toMatchObject({ encoding: "gsm7", segments: 2 });
    expect(digestOf(weekly, "en", crises("en", 1)).text).toContain("8.1% negative, crises: 1. More: ");

    const crowded = digestOf(
      figures("Trà sữa 珍珠 奶茶 Hồng Kông", "weekly", { mentions: 12_480, change: 12.5, negative: 1_010 }),
      "vi",
      crises("vi", 3),
    );
    expect(crowded.segments).toBeLessThanOrEqual(MAX_SMS_SEGMENTS);
    expect(crowded.text).toContain("tiêu cực 8.1%, 3 khủng hoảng. Chi tiết: ");
  });
});
