import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import XLSX from "xlsx";
import { findDbCommand } from "../../src/server/cli/db-commands.ts";
import { loadConfig } from "../../src/server/config.ts";
import { seededRandom } from "../../src/shared/seeded-random.ts";
import { smtpMail } from "../../src/server/notify/mail.ts";
import { runDueReports } from "../../src/server/services/reports/run-due-reports.ts";
import { translate, type MessageKey } from "../../src/i18n/index.ts";
import { COUNTER_KEYS } from "../../src/shared/api-types.ts";
import { formatNumber, percentages } from "../../src/shared/format.ts";
import { createReportAccount, ingestTexts, parseMail, vn } from "../factories/report-accounts.ts";
import { smtpInbox } from "../factories/smtp-inbox.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";

const ENV = {
  NODE_ENV: "test",
  TRUST_PROXY: "1",
  MAIL_FROM: "Nghe <bao-cao@nghe.test>",
  SALES_EMAIL: "sales@nghe.test",
  SITE_URL: "https://nghe.test",
} as const;
const WEEK = { start_date: "2026-11-16", end_date: "2026-11-22" };

let inbox: Awaited<ReturnType<typeof smtpInbox>>;
let ctx: TestContext;
let vi: Awaited<ReturnType<typeof createReportAccount>>;
let en: Awaited<ReturnType<typeof createReportAccount>>;
/** The weekly e-mails, parsed: Vietnamese to the brand's marketing team, English to the other account. */
let weeklyVi: ParsedMail;
let weeklyEn: ParsedMail;
let dailyVi: ParsedMail;
/** The Vietnamese brand's crises, opened through the crisis API: two in the week of the weekly report, two outside it. */
let incidents: Record<"closed" | "ongoing" | "dismissed" | "earlier", { id: number; title: string; mentions: number }>;

const TEXTS = [
  "Cà phê Trung Nguyên buổi sáng thơm ngon, đậm đà",
  "Trung Nguyên phục vụ chậm quá, thất vọng",
  "Highlands ra mắt món mới, khá ngon",
  "Phúc Long trà sữa đông khách cuối tuần",
  "Vinamilk tặng sữa cho học sinh vùng cao, rất ý nghĩa",
  "TH true MILK tăng giá, khách phàn nàn",
  "So sánh Trung Nguyên và Highlands: ai rẻ hơn?",
];
const PLACES = [
  "ở Hà Nội",
  "ở Đà Nẵng",
  "ở Huế",
  "ở Cần Thơ",
  "ở Hải Phòng",
  "ở Nha Trang",
  "ở Đà Lạt",
  "ở Vũng Tàu",
  "ở Quy Nhơn",
  "ở Buôn Ma Thuột",
  "ở Vinh",
  "ở Sài Gòn",
];
const MOMENTS = ["sáng nay", "chiều qua", "tối thứ bảy", "hôm chủ nhật", "đầu tuần", "giờ nghỉ trưa", "sau giờ làm", "dịp cuối tuần"];
const SOURCES = [
  "Hội Yêu Cà Phê",
  "VnExpress",
  "Review Quán Ngon",
  "Kênh14",
  "Tuổi Trẻ",
  "Thanh Niên",
  "Zing News",
  "Dân Trí",
  "Cafef",
  "Soha",
  "Genk",
  "Báo Mới",
];

beforeAll(async () => {
  inbox = await smtpInbox();
  const config = loadConfig({ ...ENV, SMTP_URL: inbox.url });
  ctx = await createTestContext({ config, mail: smtpMail({ url: inbox.url, from: config.mail.from }) });
  ctx.setNow(vn("2026-11-09T10:00:00"));
  vi = await createReportAccount(ctx, {
    name: "Trung Nguyên",
    keywords: ["Trung Nguyên"],
    competitors: [
      { name: "Highlands", keywords: ["Highlands"] },
      { name: "Phúc Long", keywords: ["Phúc Long"] },
    ],
    emails: ["marketing@trungnguyen.vn", "giamdoc@trungnguyen.vn"],
    phones: ["0987654321"],
    timeReports: ["daily", "weekly"],
  });
  en = await createReportAccount(ctx, {
    name: "Vinamilk",
    keywords: ["Vinamilk"],
    competitors: [{ name: "TH true MILK", keywords: ["TH true MILK"] }],
    emails: ["brand@vinamilk.com.vn"],
    timeReports: ["weekly"],
    language: "en",
  });
  const random = seededRandom(18);
  const start = vn("2026-11-09T00:00:00").getTime();
  await ingestTexts(
    ctx,
    Array.from({ length: 240 }, (_, i) => ({
      content: `${random.pick(TEXTS)} ${random.pick(PLACES)} ${random.pick(MOMENTS)} (${i})`,
      at: new Date(start + random.next() * 14 * 86_400_000),
      channel: random.pick([1, 1, 2, 5, 7]),
      likes: random.pareto(20),
      source: random.pick(SOURCES),
    })),
  );
  ctx.setNow(vn("2026-11-23T07:00:00"));
  incidents = {
    closed: await openIncident("Khách phàn nàn Trung Nguyên phục vụ chậm", "2026-11-18T09:00:00", "2026-11-19T18:00:00", 2),
    ongoing: await openIncident("Trung Nguyên bị chê đắt trên mạng xã hội", "2026-11-21T20:00:00", null, 3),
    dismissed: await openIncident("Báo động nhầm về Trung Nguyên", "2026-11-17T08:00:00", "2026-11-17T20:00:00", 1),
    earlier: await openIncident("Sự cố tuần trước của Trung Nguyên", "2026-11-10T08:00:00", "2026-11-11T08:00:00", 1),
  };
  await ctx.request("/api/incident/update", { method: "POST", token: vi.token, json: { id: incidents.dismissed.id, review: "dismissed" } });
  await runDueReports(ctx.deps);
  ctx.setNow(vn("2026-11-23T08:00:00"));
  await runDueReports(ctx.deps);
  const find = (to: string, subject: string) => parseMail(inbox.received.find((m) => m.to.includes(to) && m.subject.startsWith(subject))!);
  weeklyVi = await find("marketing@trungnguyen.vn", "Báo cáo hằng tuần");
  weeklyEn = await find("brand@vinamilk.com.vn", "Weekly report");
  dailyVi = await find("marketing@trungnguyen.vn", "Báo cáo hằng ngày");
}, 120_000);

/** An incident of the Vietnamese brand opened by hand, with the brand's mentions of its hours attached to it. */
async function openIncident(title: string, start: string, end: string | null, severity: 1 | 2 | 3) {
  const created = await ctx.request("/api/incident/create", {
    method: "POST",
    token: vi.token,
    json: { project_id: vi.brandId, title, started_at: vn(start).toISOString(), ended_at: end && vn(end).toISOString(), severity },
  });
  const { id } = (await created.json()).data as { id: number };
  const documents = await ctx.handle.db
    .selectFrom("mentions")
    .select("document_id")
    .where("project_id", "=", vi.brandId)
    .where("published_at", ">=", vn(start))
    .where("published_at", "<", end ? vn(end) : ctx.deps.now())
    .execute();
  const attached = await ctx.request("/api/incident/attach", {
    method: "POST",
    token: vi.token,
    json: { id, document_ids: documents.map((d) => d.document_id) },
  });
  return { id, title, mentions: (await attached.json()).data.changed as number };
}

afterAll(async () => {
  await ctx.close();
  await inbox.close();
});

async function api(path: string, query: Record<string, string>, token = vi.token) {
  const res = await ctx.request(`${path}?${new URLSearchParams(query)}`, { token });
  return (await res.json()).data;
}

describe("the report e-mail", () => {
  test("one e-mail per contact, with a plain-text and an HTML part", () => {
    expect(inbox.received.map((m) => `${m.to.join()} ${m.subject}`).sort()).toEqual([
      "brand@vinamilk.com.vn Weekly report for Vinamilk: 16/11/2026 – 22/11/2026",
      "giamdoc@trungnguyen.vn Báo cáo hằng ngày Trung Nguyên: 22/11/2026",
      "giamdoc@trungnguyen.vn Báo cáo hằng tuần Trung Nguyên: 16/11/2026 – 22/11/2026",
      "marketing@trungnguyen.vn Báo cáo hằng ngày Trung Nguyên: 22/11/2026",
      "marketing@trungnguyen.vn Báo cáo hằng tuần Trung Nguyên: 16/11/2026 – 22/11/2026",
    ]);
    expect(weeklyVi.from?.text).toBe('"Nghe" <bao-cao@nghe.test>');
    expect(weeklyVi.text).toContain("Kỳ báo cáo: 16/11/2026 – 22/11/2026");
    expect(weeklyVi.text).toContain("So với kỳ trước: 09/11/2026 – 15/11/2026");
    expect(weeklyVi.html).toContain('<html lang="vi">');
    expect(weeklyEn.html).toContain('<html lang="en">');
  });

  test("its counters, share of voice, sentiment, top mentions and top sources are the dashboard API's for the same period", async () => {
    for (const [mail, account, lang] of [
      [weeklyVi, vi, "vi"],
      [weeklyEn, en, "en"],
    ] as const) {
      const t = (key: MessageKey) => translate(lang, key);
      const stats = await api("/api/dashboard/stats", { project_id: String(account.brandId), ...WEEK }, account.token);
      expect(stats.total_mention).toBeGreaterThan(0);
      for (const key of COUNTER_KEYS) expect(mail.text).toContain(`${t(`overview.counter.${key}`)}: ${formatNumber(stats[key])} (`);
      expect(mail.text).toContain(`${formatNumber(stats.previous.total_mention)})`);

      const comparison = await api(
        "/api/dashboard/get-data-dashboard",
        { project_ids: account.projectIds.join(","), ...WEEK },
        account.token,
      );
      const shares = percentages(comparison.map((row: { total_mention: number }) => row.total_mention));
      const names = (await api("/api/project/list-user-projects", {}, account.token)) as { id: number; name: string }[];
      comparison.forEach((row: { project_id: number; total_mention: number }, i: number) => {
        expect(mail.text).toContain(
          `${names.find((p) => p.id === row.project_id)!.name}: ${formatNumber(row.total_mention)} (${shares[i].toFixed(2)}%)`,
        );
      });

      const [sentiment] = await api("/api/dashboard/sentiment-by-projects", WEEK, account.token);
      const split = percentages([sentiment.positive, sentiment.neutral, sentiment.negative]);
      expect(mail.text).toContain(`${t("filters.sentiment.negative")}: ${formatNumber(sentiment.negative)} (${split[2].toFixed(2)}%)`);
      expect(sentiment.neutral + sentiment.positive + sentiment.negative).toBe(stats.total_mention);

      const sources = (await api("/api/dashboard/top-mention", { ...WEEK, limit: "10" }, account.token)).by_mentions as {
        source_name: string;
        total_mention: number;
      }[];
      const listed = mail.text!.split("\n").filter((line) => /^\d+\. .+ \(.+\): [\d,]+ /.test(line));
      expect(listed.map((line) => line.replace(/^\d+\. /, "").replace(/ \(.*$/, ""))).toEqual(sources.map((s) => s.source_name));

      const hot = (await api("/api/dashboard/hot-mention", { ...WEEK, limit: "5" }, account.token)) as { url: string }[];
      const urls = mail.text!.split("\n").filter((line) => line.startsWith("   https://www.facebook.com/"));
      expect(urls.map((line) => line.trim())).toEqual(hot.map((m) => m.url));
    }
  });

  test("the Excel attachment opens, has the export's columns, and its rows are the dashboard's total for the period", async () => {
    const attachment = weeklyVi.attachments.find((a) => a.filename?.endsWith(".xlsx"))!;
    expect(attachment.filename).toBe("nghe-bao-cao-hang-tuan-2026-11-16.xlsx");
    const book = XLSX.read(attachment.content, { type: "buffer" });
    expect(book.SheetNames).toEqual(["Đề cập", "Tổng quan", "Top 10 nguồn", "Khủng hoảng"]);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets["Đề cập"], { header: 1 });
    const stats = await api("/api/dashboard/stats", { project_id: String(vi.brandId), ...WEEK });
    expect(rows.length - 1).toBe(stats.total_mention);
    expect(weeklyVi.text).toContain(`Tệp Excel đính kèm liệt kê ${formatNumber(stats.total_mention)} đề cập`);

    const screen = await ctx.request(`/api/mention/export-excel?${new URLSearchParams({ type_time: "custom", ...WEEK })}`, {
      token: vi.token,
    });
    const exported = XLSX.read(Buffer.from(await screen.arrayBuffer()), { type: "buffer" });
    expect(rows[0]).toEqual(XLSX.utils.sheet_to_json<unknown[]>(exported.Sheets["Đề cập"], { header: 1 })[0]);

    const english = weeklyEn.attachments.find((a) => a.filename?.endsWith(".xlsx"))!;
    expect(english.filename).toBe("nghe-weekly-report-2026-11-16.xlsx");
    expect(XLSX.read(english.content, { type: "buffer" }).SheetNames[0]).toBe("Mentions");
  });

  test("the charts are PNG images inside the message, shown by content id", () => {
    for (const cid of ["trend@nghe", "sentiment@nghe"]) {
      const image = weeklyVi.attachments.find((a) => a.cid === cid)!;
      expect(image.contentType).toBe("image/png");
      expect(image.content.subarray(1, 4).toString()).toBe("PNG");
      expect(image.content.readUInt32BE(16)).toBe(1120);
      expect(weeklyVi.html).toContain(`src="cid:${cid}"`);
    }
  });

  test("links lead to the dashboard with the report's period, in the account's language", () => {
    expect(weeklyVi.text).toContain(
      "Xem chi tiết trên Nghe: https://nghe.test/overview?type_time=custom&start_date=2026-11-16&end_date=2026-11-22",
    );
    expect(weeklyEn.text).toContain(
      "Open in Nghe: https://nghe.test/en/overview?type_time=custom&start_date=2026-11-16&end_date=2026-11-22",
    );
    expect(weeklyEn.text).toContain("https://nghe.test/en/project-setting/notify");
  });
});

describe("the crises of the period", () => {
  test("the weekly e-mail lists the incidents it overlaps, in progress first, with status, severity, times, mentions and link", async () => {
    const { closed, ongoing, dismissed, earlier } = incidents;
    for (const incident of Object.values(incidents)) expect(incident.mentions).toBeGreaterThan(0);
    const link = (id: number) => `https://nghe.test/crisis-management/${id}`;
    expect(weeklyVi.text).toContain(
      [
        "KHỦNG HOẢNG TRONG KỲ",
        "--------------------",
        `1. [Đang diễn ra] ${ongoing.title}`,
        `   Mức độ: Nghiêm trọng · Ngày bắt đầu: 20:00 21/11/2026 · Ngày kết thúc: Chưa kết thúc · Đề cập: ${ongoing.mentions}`,
        `   ${link(ongoing.id)}`,
        `2. [Đã xử lý xong] ${closed.title}`,
        `   Mức độ: Cao · Ngày bắt đầu: 09:00 18/11/2026 · Ngày kết thúc: 18:00 19/11/2026 · Đề cập: ${closed.mentions}`,
        `   ${link(closed.id)}`,
        "",
      ].join("\n"),
    );
    for (const left of [dismissed, earlier]) {
      expect(weeklyVi.text).not.toContain(left.title);
      expect(weeklyVi.html).not.toContain(left.title);
    }
    for (const shown of [ongoing, closed]) expect(weeklyVi.html).toContain(`<a href="${link(shown.id)}"`);
    expect(weeklyVi.html).toContain(">Đang diễn ra</span>");
    expect(weeklyVi.html).toContain(`>Đề cập: ${closed.mentions}</span>`);

    // The mention counts are the crisis list's for the same period.
    const listed = (await api("/api/incident/index", { project_id: String(vi.brandId), ...WEEK })).data as {
      id: number;
      total_mention: number;
    }[];
    for (const shown of [ongoing, closed]) expect(listed.find((i) => i.id === shown.id)?.total_mention).toBe(shown.mentions);

    expect(dailyVi.text).toContain(`1. [Đang diễn ra] ${ongoing.title}`);
    expect(dailyVi.text).not.toContain(closed.title);
  });

  test("a period without crises says so, in the account's language", () => {
    expect(weeklyEn.text).toContain("CRISES IN THE PERIOD\n--------------------\nNo crises in this period.\n");
    expect(weeklyEn.html).toContain('data-empty="true">No crises in this period.</p>');
  });

  test("the Excel attachment lists them on a sheet of their own", () => {
    const attachment = weeklyVi.attachments.find((a) => a.filename?.endsWith(".xlsx"))!;
    const book = XLSX.read(attachment.content, { type: "buffer" });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets["Khủng hoảng"], { header: 1, raw: false });
    expect(rows).toEqual([
      ["Tiêu đề", "Trạng thái", "Mức độ", "Ngày bắt đầu", "Ngày kết thúc", "Đề cập chi tiết", "Đường dẫn"],
      [
        incidents.ongoing.title,
        "Đang diễn ra",
        "Nghiêm trọng",
        "2026-11-21 20:00:00",
        "Chưa kết thúc",
        String(incidents.ongoing.mentions),
        `https://nghe.test/crisis-management/${incidents.ongoing.id}`,
      ],
      [
        incidents.closed.title,
        "Đã xử lý xong",
        "Cao",
        "2026-11-18 09:00:00",
        "2026-11-19 18:00:00",
        String(incidents.closed.mentions),
        `https://nghe.test/crisis-management/${incidents.closed.id}`,
      ],
    ]);
  });
});

describe("SMS digest and its short link", () => {
  test("the daily digest went to the phone in one GSM-7 message, and its link opens the dashboard on that day", async () => {
    const sms = await ctx.handle.db
      .selectFrom("outbox_messages")
      .select("body")
      .where("channel", "=", "sms")
      .where("body", "like", "Nghe Trung Nguyen 22/11:%")
      .executeTakeFirstOrThrow();
    expect(sms.body).toMatch(
      /^Nghe Trung Nguyen 22\/11: [\d,]+ de cap( \([+-]?[\d.]+%\))?, [\d,]+ bai viet, [\d,]+ tuong tac, [\d,]+ luot xem, tieu cuc [\d.]+%, 1 khung hoang\. Chi tiet: https:\/\/nghe\.test\/r\/[A-Za-z0-9]{8}$/,
    );
    const code = sms.body.slice(-8);
    const res = await ctx.request(`/r/${code}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/overview?type_time=custom&start_date=2026-11-22&end_date=2026-11-22");
    expect((await ctx.request("/r/unknown1")).headers.get("location")).toBe("/overview");
  });
});

describe("GET /api/notification/history and /preview", () => {
  test("the project's deliveries with each recipient's latest attempt; another account sees only its own", async () => {
    const history = await api("/api/notification/history", {});
    expect(
      history
        .map((d: { frequency: string; period_start: string; status: string }) => `${d.frequency} ${d.period_start} ${d.status}`)
        .sort(),
    ).toEqual(["daily 2026-11-22 sent", "weekly 2026-11-16 sent"]);
    const daily = history.find((d: { frequency: string }) => d.frequency === "daily");
    expect(daily).toMatchObject({ reason: "schedule", attempts: 1, period_end: "2026-11-22", sent_at: "2026-11-23T01:00:00.000Z" });
    expect(
      daily.recipients.map((r: { channel: string; recipient: string; status: string }) => `${r.channel} ${r.recipient} ${r.status}`),
    ).toEqual(["email marketing@trungnguyen.vn sent", "email giamdoc@trungnguyen.vn sent", "sms 0987654321 sent"]);
    expect((await api("/api/notification/history", {}, en.token)).map((d: { frequency: string }) => d.frequency)).toEqual(["weekly"]);
  });

  test("the preview is the last period's e-mail, charts inlined; a bad frequency is a 422", async () => {
    const preview = await api("/api/notification/preview", { frequency: "weekly" });
    expect(preview).toMatchObject({ frequency: "weekly", period_start: "2026-11-16", period_end: "2026-11-22", subject: weeklyVi.subject });
    expect(preview.html).toContain('src="data:image/png;base64,');
    expect(preview.html).not.toContain("cid:");
    const english = await api("/api/notification/preview", {}, en.token);
    expect(english.subject).toBe("Weekly report for Vinamilk: 16/11/2026 – 22/11/2026");

    const bad = await ctx.request("/api/notification/preview?frequency=hourly", { token: vi.token, lang: "en" });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.frequency).toHaveLength(1);
  });
});

describe("staff CLI", () => {
  const report = (...args: string[]) => findDbCommand("report")!.run(ctx.deps, args, "");

  test("a report already delivered is not sent again unless forced", async () => {
    const before = inbox.received.length;
    const again = await report("send", String(vi.brandId), "weekly", "--period", "2026-11-18");
    expect(again.exitCode).toBe(0);
    expect(again.stdout).toMatch(
      /^Already delivered \(delivery #\d+ at 2026-11-23T01:00:00.000Z\); nothing sent\. Add --force to send it again\.\n$/,
    );
    expect(inbox.received.length).toBe(before);

    const forced = await report("send", String(vi.brandId), "weekly", "--period", "2026-11-18", "--force");
    expect(forced.stdout).toMatch(/^Delivery #\d+: sent, 3 recipients reached\.\n$/);
    expect(
      inbox.received
        .slice(before)
        .map((m) => m.to[0])
        .sort(),
    ).toEqual(["giamdoc@trungnguyen.vn", "marketing@trungnguyen.vn"]);
  });

  test("--dry-run says what would go out and sends nothing", async () => {
    const before = inbox.received.length;
    const dry = await report("send", String(vi.brandId), "daily", "--dry-run");
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain("Dry run: nothing sent.\nPeriod: 2026-11-22 – 2026-11-22 (delivery #");
    expect(dry.stdout).toContain(
      "E-mail to: marketing@trungnguyen.vn, giamdoc@trungnguyen.vn\nSubject: Báo cáo hằng ngày Trung Nguyên: 22/11/2026\nAttachment: nghe-bao-cao-hang-ngay-2026-11-22.xlsx (",
    );
    expect(dry.stdout).toMatch(/SMS to: 0987654321 \(gsm7, 1 segment\): Nghe Trung Nguyen 22\/11: /);
    expect(inbox.received.length).toBe(before);
  });

  test("a period never planned is sent by hand; unfinished periods, competitors and bad arguments are refused", async () => {
    const october = await report("send", String(vi.brandId), "monthly", "--period", "2026-10-05");
    expect(october.stdout).toMatch(/^Delivery #\d+: sent, 2 recipients reached\.\n$/);
    const octoberMail = await parseMail(inbox.received.at(-1)!);
    expect(octoberMail.subject).toBe("Báo cáo hằng tháng Trung Nguyên: 01/10/2026 – 31/10/2026");
    expect(octoberMail.text).toContain("KHỦNG HOẢNG TRONG KỲ\n--------------------\nKhông có khủng hoảng nào trong kỳ này.\n");

    expect(await report("send", String(vi.brandId), "monthly")).toMatchObject({ exitCode: 0 });
    expect((await report("send", String(vi.brandId), "weekly", "--period", "2026-11-23")).stderr).toBe(
      "The period 2026-11-23 – 2026-11-29 has not ended yet.\n",
    );
    expect((await report("send", String(vi.projectIds.find((id) => id !== vi.brandId)), "daily")).stderr).toContain(
      "No brand project with id",
    );
    expect(await report("send", String(vi.brandId), "hourly")).toMatchObject({ exitCode: 2 });
    expect(await report("send", String(vi.brandId), "daily", "--period", "2026-02-30")).toMatchObject({
      exitCode: 2,
      stderr: "--period takes a date as YYYY-MM-DD.\n",
    });
  });

  test("report list prints the delivery log, newest first", async () => {
    const listed = await report("list", "--project", String(vi.brandId), "--limit", "3");
    const rows = listed.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      project_id: vi.brandId,
      frequency: "monthly",
      period_start: "2026-10-01",
      reason: "staff",
      status: "sent",
    });
    expect(rows[1]).toMatchObject({ frequency: "weekly", period_start: "2026-11-16", reason: "staff-forced", status: "sent" });
  });
});
