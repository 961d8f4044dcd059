import { expect, test } from "vitest";
import type { ReportFigures } from "./report-figures.ts";
import { reportText } from "./report-text.ts";
import { reportView } from "./report-view.ts";
import { reportHtml } from "./ReportEmail.tsx";

const zero = { total_mention: 0, total_post: 0, total_view: 0, total_comment: 0, total_like: 0, total_share: 0, total_comment_post: 0 };
const series = { granularity: "hour" as const, buckets: [], series: [] };

/** A period with one mention whose collected text and addresses are hostile. */
const figures = {
  period: { frequency: "daily", start: "2026-11-20", end: "2026-11-20" },
  previous: { start: "2026-11-19", end: "2026-11-19" },
  projects: [{ id: 1, name: "Sữa <Việt>", color: "#0EA5E9" }],
  stats: { ...zero, total_mention: 1, total_post: 1, previous: zero, change: { ...zero, total_mention: null, total_post: null } },
  trend: series,
  sentimentTrend: series,
  sentiment: { project_id: 1, neutral: 0, positive: 0, negative: 1 },
  comparison: [{ project_id: 1, neutral: 0, positive: 0, negative: 1, total_mention: 1, share_of_voice: 1, total_interaction: 0 }],
  topSources: [{ source_name: "<b>Nguồn</b>", channel_id: 1, source_url: "javascript:alert(2)", total_mention: 1, total_interaction: 0 }],
  topMentions: [
    {
      title: null,
      content: "<script>alert(1)</script> Sữa Việt dở",
      url: "javascript:alert(1)",
      source_name: "Hội",
      channel_id: 1,
      published_at: new Date("2026-11-20T02:00:00Z"),
      interactions: 0,
    },
  ],
} as unknown as ReportFigures;

test("collected text is escaped and only web addresses become links, in HTML and in text", () => {
  const view = reportView({
    figures,
    lang: "vi",
    publicUrl: "https://nghe.vn",
    supportPhone: "1900 636 019",
    recipient: "a@b.vn",
    lateSince: null,
    attachment: { attached: true, rows: 1 },
    sections: [
      {
        title: "Khủng hoảng trong kỳ",
        rows: [
          { text: "<img src=x onerror=alert(3)> Sữa", url: "https://nghe.vn/crisis-management/7", tag: null, details: ["<i>Cao</i>"] },
        ],
        empty: "",
        more: null,
        sms: null,
        sheet: null,
      },
    ],
  });
  const html = reportHtml(view, { trend: "cid:trend@nghe", sentiment: "cid:sentiment@nghe" });
  expect(html).not.toContain("<script>");
  expect(html).not.toContain("<b>");
  expect(html).not.toContain("javascript:");
  expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Sữa Việt dở");
  expect(html).toContain("Sữa &lt;Việt&gt;");
  expect(html).not.toContain("<img src=x");
  expect(html).toContain(">&lt;img src=x onerror=alert(3)&gt; Sữa</a>");
  expect(html).toContain(">&lt;i&gt;Cao&lt;/i&gt;</span>");
  const text = reportText(view);
  expect(text).not.toContain("javascript:");
  expect(text).toContain("1. <script>alert(1)</script> Sữa Việt dở\n   Hội · Facebook · 09:00 20/11/2026 · 0 tương tác\n");
  expect(text).toContain("Tổng đề cập: 1 (Kỳ trước: 0)");
});
