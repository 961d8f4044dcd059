import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadConfig } from "../../src/server/config.ts";
import { createDeps, type Deps } from "../../src/server/deps.ts";
import { createLogger } from "../../src/server/log.ts";
import { smtpMail } from "../../src/server/notify/mail.ts";
import { smsCost } from "../../src/server/notify/sms-segments.ts";
import { planDueReports } from "../../src/server/services/reports/plan-due-reports.ts";
import { runDueReports } from "../../src/server/services/reports/run-due-reports.ts";
import { setReportReceiving } from "../../src/server/services/users/set-report-receiving.ts";
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

let refusing = false;
let inbox: Awaited<ReturnType<typeof smtpInbox>>;
let ctx: TestContext;
let now = vn("2026-12-31T07:00:00");
/** Every account of the file: one worker of each "process" is built from the same configuration and database. */
let worker: () => Deps;
let daily: Awaited<ReturnType<typeof createReportAccount>>;
let muted: Awaited<ReturnType<typeof createReportAccount>>;

beforeAll(async () => {
  inbox = await smtpInbox({ refusing: () => refusing });
  const config = loadConfig({ ...ENV, SMTP_URL: inbox.url });
  ctx = await createTestContext({ config, mail: smtpMail({ url: inbox.url, from: config.mail.from }), now: () => now });
  // A worker process as main.ts builds it: its own Deps (and SMTP transport) over the same database.
  worker = () =>
    createDeps(config, ctx.handle, {
      log: createLogger("silent"),
      now: () => now,
      mail: smtpMail({ url: inbox.url, from: config.mail.from }),
    });
  now = vn("2026-12-20T10:00:00");
  daily = await createReportAccount(ctx, {
    name: "Trung Nguyên",
    keywords: ["Trung Nguyên"],
    competitors: [{ name: "Highlands", keywords: ["Highlands"] }],
    emails: ["marketing@trungnguyen.vn"],
    phones: ["0987654321"],
    timeReports: ["daily", "weekly", "monthly", "annual"],
  });
  muted = await createReportAccount(ctx, {
    name: "Phúc Long",
    keywords: ["Phúc Long"],
    emails: ["pr@phuclong.vn"],
    timeReports: ["daily", "weekly", "monthly", "annual"],
  });
  await setReportReceiving(ctx.deps, muted.userId, false);
  await ingestTexts(ctx, [
    { content: "Cà phê Trung Nguyên sáng nay đậm đà quá", at: vn("2026-12-31T09:15:00") },
    { content: "Trung Nguyên mở thêm quán ở Đà Lạt, rất đẹp", at: vn("2027-01-01T10:00:00") },
    { content: "Highlands đông khách dịp năm mới", at: vn("2027-01-01T11:00:00") },
    { content: "Trung Nguyên phục vụ chậm, thất vọng", at: vn("2027-01-02T20:00:00"), likes: 12 },
  ]);
}, 60_000);

afterAll(async () => {
  await ctx.close();
  await inbox.close();
});

/** Sets the clock to a Vietnam time and runs one scheduler round on a worker; returns the subjects of the new mails. */
async function runAt(local: string, deps: Deps = ctx.deps) {
  now = vn(local);
  const before = inbox.received.length;
  const round = await runDueReports(deps);
  return { ...round, subjects: inbox.received.slice(before).map((m) => m.subject) };
}

async function deliveries() {
  return ctx.handle.db.selectFrom("report_deliveries").selectAll().orderBy("id").execute();
}

describe("the schedule, in Vietnam time", () => {
  test("the first round only starts the clock; nothing is due before 08:00", async () => {
    expect(await runAt("2026-12-31T07:00:00")).toMatchObject({ planned: 0, subjects: [] });
    expect(await runAt("2026-12-31T07:59:59")).toMatchObject({ planned: 0, subjects: [] });
  });

  test("08:00 on 31 December: the daily report of the 30th", async () => {
    const round = await runAt("2026-12-31T08:00:00");
    expect(round.subjects).toEqual(["Báo cáo hằng ngày Trung Nguyên: 30/12/2026"]);
    expect(await runAt("2026-12-31T08:01:00")).toMatchObject({ planned: 0, subjects: [] });
  });

  test("1 January (a Friday) 08:00: the day and the month of December, across the year boundary", async () => {
    expect((await runAt("2027-01-01T07:59:00")).subjects).toEqual([]);
    const round = await runAt("2027-01-01T08:00:00");
    expect(round.subjects.sort()).toEqual([
      "Báo cáo hằng ngày Trung Nguyên: 31/12/2026",
      "Báo cáo hằng tháng Trung Nguyên: 01/12/2026 – 31/12/2026",
    ]);
  });

  test("a restarted worker sends nothing again", async () => {
    expect(await runAt("2027-01-01T08:02:00", worker())).toMatchObject({ planned: 0, delivered: [], subjects: [] });
  });

  test("2 January 08:00: the day and the whole of 2026", async () => {
    const round = await runAt("2027-01-02T08:00:00", worker());
    expect(round.subjects.sort()).toEqual([
      "Báo cáo hằng ngày Trung Nguyên: 01/01/2027",
      "Báo cáo hằng năm Trung Nguyên: 01/01/2026 – 31/12/2026",
    ]);
  });

  test("Monday 4 January 08:00: the week that spans the new year", async () => {
    expect((await runAt("2027-01-03T08:00:00")).subjects).toEqual(["Báo cáo hằng ngày Trung Nguyên: 02/01/2027"]);
    const round = await runAt("2027-01-04T08:00:00");
    expect(round.subjects.sort()).toEqual([
      "Báo cáo hằng ngày Trung Nguyên: 03/01/2027",
      "Báo cáo hằng tuần Trung Nguyên: 28/12/2026 – 03/01/2027",
    ]);
  });

  test("each (project, frequency, period) was sent once, by e-mail and, daily and weekly, by SMS of at most two segments", async () => {
    const rows = await deliveries();
    expect(rows.every((r) => r.status === "sent" && r.project_id === daily.brandId)).toBe(true);
    const keys = rows.map((r) => `${r.frequency} ${r.period_start}`);
    expect(keys.sort()).toEqual([
      "annual 2026-01-01",
      "daily 2026-12-30",
      "daily 2026-12-31",
      "daily 2027-01-01",
      "daily 2027-01-02",
      "daily 2027-01-03",
      "monthly 2026-12-01",
      "weekly 2026-12-28",
    ]);
    expect(inbox.received.filter((m) => m.to.includes("marketing@trungnguyen.vn"))).toHaveLength(8);
    const sms = await ctx.handle.db
      .selectFrom("outbox_messages")
      .select(["body", "report_delivery_id"])
      .where("channel", "=", "sms")
      .where("recipient", "=", "0987654321")
      .execute();
    expect(sms).toHaveLength(6);
    for (const message of sms) expect(smsCost(message.body).segments).toBeLessThanOrEqual(2);
    const code = rows.find((r) => r.frequency === "daily" && r.period_start === "2027-01-02")!.short_code;
    expect(sms.map((m) => m.body)).toContain(
      `Nghe Trung Nguyen 02/01: 1 de cap (0%), 1 bai viet, 15 tuong tac, 40 luot xem, tieu cuc 100%. Chi tiet: https://nghe.test/r/${code}`,
    );
  });

  test("an account whose receiving status is off gets nothing", async () => {
    expect(inbox.received.filter((m) => m.to.includes("pr@phuclong.vn"))).toEqual([]);
    expect((await deliveries()).filter((r) => r.project_id === muted.brandId)).toEqual([]);
  });
});

describe("after a downtime, across workers, through failures", () => {
  test("a worker down at 08:00 sends the missed report late, once, saying so", async () => {
    const round = await runAt("2027-01-05T11:30:00", worker());
    expect(round.subjects).toEqual(["Báo cáo hằng ngày Trung Nguyên: 04/01/2027"]);
    const mail = await parseMail(inbox.received.at(-1)!);
    expect(mail.text).toContain("Báo cáo này được gửi muộn: lịch gửi là 08:00 05/01/2027 nhưng khi đó hệ thống bị gián đoạn.");
    expect(mail.html).toContain('data-late="true"');
    const late = (await deliveries()).at(-1)!;
    expect(late).toMatchObject({ reason: "catch-up", status: "sent", period_start: "2027-01-04" });
    expect(await runAt("2027-01-05T11:31:00", worker())).toMatchObject({ planned: 0, subjects: [] });
  });

  test("two workers at the same minute send each report once", async () => {
    now = vn("2027-01-06T08:00:00");
    const before = inbox.received.length;
    const [a, b] = await Promise.all([runDueReports(worker()), runDueReports(worker())]);
    expect(a.planned + b.planned).toBe(1);
    expect([...a.delivered, ...b.delivered]).toHaveLength(1);
    expect(inbox.received.slice(before).map((m) => m.subject)).toEqual(["Báo cáo hằng ngày Trung Nguyên: 05/01/2027"]);
  });

  test("a refusing mail server is tried again with backoff and the report arrives once it accepts", async () => {
    refusing = true;
    const first = await runAt("2027-01-07T08:00:00");
    expect(first.delivered).toEqual([{ id: expect.any(Number), status: "pending" }]);
    const id = first.delivered[0].id;
    const attempt = await ctx.handle.db.selectFrom("report_deliveries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({ status: "pending", attempts: 1, next_attempt_at: vn("2027-01-07T08:05:00") });
    expect(attempt.last_error).toContain("marketing@trungnguyen.vn");

    expect((await runAt("2027-01-07T08:04:59")).delivered).toEqual([]);
    const second = await runAt("2027-01-07T08:05:00");
    expect(second.delivered).toEqual([{ id, status: "pending" }]);
    expect(
      (await ctx.handle.db.selectFrom("report_deliveries").select("next_attempt_at").where("id", "=", id).executeTakeFirstOrThrow())
        .next_attempt_at,
    ).toEqual(vn("2027-01-07T08:20:00"));

    refusing = false;
    const third = await runAt("2027-01-07T08:20:00");
    expect(third.delivered).toEqual([{ id, status: "sent" }]);
    expect(third.subjects).toEqual(["Báo cáo hằng ngày Trung Nguyên: 06/01/2027"]);
    const outbox = await ctx.handle.db
      .selectFrom("outbox_messages")
      .select(["channel", "status"])
      .where("report_delivery_id", "=", id)
      .orderBy("id")
      .execute();
    // The SMS went out on the first attempt and was not sent again; the e-mail failed twice, then arrived.
    expect(outbox).toEqual([
      { channel: "email", status: "failed" },
      { channel: "sms", status: "sent" },
      { channel: "email", status: "failed" },
      { channel: "email", status: "sent" },
    ]);
  });

  test("receiving turned off after a report was planned: it is cancelled, not sent", async () => {
    now = vn("2027-01-08T08:00:00");
    expect(await planDueReports(ctx.deps)).toBe(1);
    await setReportReceiving(ctx.deps, daily.userId, false);
    const round = await runAt("2027-01-08T08:01:00");
    expect(round).toMatchObject({ planned: 0, delivered: [{ status: "cancelled" }], subjects: [] });
    await setReportReceiving(ctx.deps, daily.userId, true);
  });
});
