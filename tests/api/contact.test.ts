import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { findDbCommand } from "../../src/server/cli/db-commands.ts";
import { loadConfig } from "../../src/server/config.ts";
import { smtpMail } from "../../src/server/notify/mail.ts";
import { localServer } from "../factories/local-server.ts";
import { smtpInbox } from "../factories/smtp-inbox.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { postJson } from "../factories/users.ts";

const MAIL_ENV = { NODE_ENV: "test", TRUST_PROXY: "1", MAIL_FROM: "Nghe <no-reply@nghe.test>", SALES_EMAIL: "sales@nghe.test" } as const;

const request = (overrides: Record<string, string> = {}) => ({
  full_name: "Lê Thị Hồng Nhung",
  phone: "+84912345678",
  email: "nhung.le@traxanh.vn",
  company: "Công ty TNHH Trà Xanh Tây Bắc",
  message: "Chúng tôi muốn theo dõi thương hiệu Trà Xanh trên Facebook và TikTok.\nXin gọi lại sau 14 giờ.",
  ...overrides,
});

let inbox: Awaited<ReturnType<typeof smtpInbox>>;
let ctx: TestContext;
beforeAll(async () => {
  inbox = await smtpInbox();
  const config = loadConfig({ ...MAIL_ENV, SMTP_URL: inbox.url });
  ctx = await createTestContext({ config, mail: smtpMail({ url: inbox.url, from: config.mail.from }) });
});
afterAll(async () => {
  await ctx.close();
  await inbox.close();
});

describe("POST /api/advise-email", () => {
  test("a valid request is stored and e-mailed to sales over SMTP, and kept in the outbox", async () => {
    const res = await postJson(ctx, "/api/advise-email", request(), { ip: "203.0.113.1" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, data: { id: expect.any(Number) }, errors: {} });
    const id = res.body.data.id as number;

    const stored = await ctx.handle.db.selectFrom("contact_requests").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      full_name: "Lê Thị Hồng Nhung",
      phone: "0912345678",
      email: "nhung.le@traxanh.vn",
      lang: "vi",
      ip: "203.0.113.1",
    });

    expect(inbox.received).toHaveLength(1);
    const mail = inbox.received[0];
    expect(mail.to).toEqual(["sales@nghe.test"]);
    expect(mail.from).toBe("no-reply@nghe.test");
    expect(mail.headers["reply-to"]).toBe("nhung.le@traxanh.vn");
    expect(mail.subject).toBe(`[Nghe] Yêu cầu tư vấn #${id}: Công ty TNHH Trà Xanh Tây Bắc — Lê Thị Hồng Nhung`);
    expect(mail.text).toContain(
      "Họ và tên: Lê Thị Hồng Nhung\nSố điện thoại: 0912345678\nEmail: nhung.le@traxanh.vn\nCông ty: Công ty TNHH Trà Xanh Tây Bắc",
    );
    expect(mail.text).toContain("Thời gian: 2026-11-21 10:00:00 (giờ Việt Nam)");
    expect(mail.text).toContain(
      "Lời nhắn:\nChúng tôi muốn theo dõi thương hiệu Trà Xanh trên Facebook và TikTok.\nXin gọi lại sau 14 giờ.",
    );

    const outbox = await ctx.handle.db.selectFrom("outbox_messages").selectAll().where("channel", "=", "email").execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ recipient: "sales@nghe.test", provider: "smtp", status: "sent", subject: mail.subject });
  });

  test("the page language is kept with the request", async () => {
    const res = await postJson(ctx, "/api/advise-email", request({ full_name: "John Nguyen" }), { ip: "203.0.113.2", lang: "en" });
    const stored = await ctx.handle.db
      .selectFrom("contact_requests")
      .select("lang")
      .where("id", "=", res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(stored.lang).toBe("en");
    expect(inbox.received.at(-1)!.text).toContain("Ngôn ngữ trang: English");
  });

  test("every required field says '{field} là bắt buộc'", async () => {
    const res = await postJson(ctx, "/api/advise-email", { full_name: " ", company: "" }, { ip: "203.0.113.3" });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      full_name: ["Họ và tên là bắt buộc"],
      phone: ["Số điện thoại là bắt buộc"],
      email: ["Email là bắt buộc"],
      company: ["Công ty là bắt buộc"],
      message: ["Lời nhắn là bắt buộc"],
    });
  });

  test.each([
    ["phone", "0912 345 678", "Số điện thoại không được chứa khoảng trắng"],
    ["phone", "091234567", "Số điện thoại không hợp lệ"],
    ["phone", "+1 555 0100", "Số điện thoại không được chứa khoảng trắng"],
    ["email", "nhung@traxanh", "Email không đúng định dạng"],
    ["email", "nhung@traxanh.company", "Email không đúng định dạng"],
    ["message", "x".repeat(2001), "Nội dung quá dài"],
  ])("%s %j is refused with '%s'", async (field, value, message) => {
    const res = await postJson(ctx, "/api/advise-email", request({ [field]: value }), { ip: "203.0.113.4" });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ [field]: [message] });
  });

  test("messages are in English for an English page", async () => {
    const res = await postJson(ctx, "/api/advise-email", request({ phone: "12", email: "" }), { ip: "203.0.113.5", lang: "en" });
    expect(res.body.errors).toEqual({ phone: ["Invalid phone number"], email: ["Email is required"] });
  });

  test("five requests an hour per address; the sixth waits", async () => {
    const ip = "198.51.100.7";
    for (let i = 0; i < 5; i += 1) expect((await postJson(ctx, "/api/advise-email", request(), { ip })).status).toBe(200);
    const refused = await ctx.request("/api/advise-email", { method: "POST", json: request(), ip });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("3600");
    expect((await refused.json()).errors.message[0]).toBe("Bạn thao tác quá nhiều lần. Vui lòng thử lại sau 3600 giây");
    expect((await postJson(ctx, "/api/advise-email", request(), { ip: "198.51.100.8" })).status).toBe(200);
    ctx.setNow(new Date("2026-11-21T04:00:01Z"));
    expect((await postJson(ctx, "/api/advise-email", request(), { ip })).status).toBe(200);
    ctx.setNow(new Date("2026-11-21T03:00:00Z"));
  });

  test("staff list the requests newest first with `contact list`", async () => {
    const command = findDbCommand("contact")!;
    const result = await command.run(ctx.deps, ["list", "2"], "");
    expect(result.exitCode).toBe(0);
    const rows = result.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(rows).toHaveLength(2);
    expect(rows[0].id).toBeGreaterThan(rows[1].id);
    expect(rows[0]).toMatchObject({ full_name: "Lê Thị Hồng Nhung", company: "Công ty TNHH Trà Xanh Tây Bắc", phone: "0912345678" });
    expect((await command.run(ctx.deps, ["list", "none"], "")).exitCode).toBe(2);
    expect((await command.run(ctx.deps, ["delete"], "")).exitCode).toBe(2);
  });
});

describe("when the mail server is down or a captcha is required", () => {
  let other: TestContext;
  let verifier: Awaited<ReturnType<typeof localServer>>;
  beforeAll(async () => {
    verifier = await localServer((req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ success: new URLSearchParams(req.body).get("response") === "good-token" }));
    });
    const config = loadConfig({ ...MAIL_ENV, SMTP_URL: "smtp://127.0.0.1:1", RECAPTCHA_SECRET: "s", RECAPTCHA_VERIFY_URL: verifier.url });
    other = await createTestContext({ config, mail: smtpMail({ url: "smtp://127.0.0.1:1", from: config.mail.from }) });
  });
  afterAll(async () => {
    await other.close();
    await verifier.close();
  });

  test("without a valid captcha token nothing is stored", async () => {
    const missing = await postJson(other, "/api/advise-email", request(), { ip: "192.0.2.1" });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ captcha_token: ["Vui lòng xác nhận bạn không phải người máy"] });
    const wrong = await postJson(other, "/api/advise-email", request({ captcha_token: "bad-token" }), { ip: "192.0.2.1" });
    expect(wrong.body.errors).toEqual({ captcha_token: ["Xác thực captcha không thành công. Vui lòng thử lại"] });
    expect(await other.handle.db.selectFrom("contact_requests").select("id").execute()).toEqual([]);
  });

  test("a mail failure keeps the request and the failed mail for staff, and the visitor still gets the thank-you", async () => {
    const res = await postJson(other, "/api/advise-email", request({ captcha_token: "good-token" }), { ip: "192.0.2.1" });
    expect(res.status).toBe(200);
    const outbox = await other.handle.db.selectFrom("outbox_messages").selectAll().executeTakeFirstOrThrow();
    expect(outbox).toMatchObject({ channel: "email", status: "failed", recipient: "sales@nghe.test" });
    expect(outbox.error).toBeTruthy();
  });
});

describe("GET /api/typical_customer", () => {
  test("lists the typical customers of the landing page in the caller's language", async () => {
    const vi = await (await ctx.request("/api/typical_customer")).json();
    expect(vi.code).toBe(200);
    expect(vi.data.length).toBeGreaterThanOrEqual(4);
    expect(vi.data[0]).toEqual({
      id: 1,
      name: "Ngân hàng bán lẻ",
      industry_id: 1,
      industry: "Ngân hàng",
      text: expect.stringContaining("ngân hàng số"),
      channels: ["facebook", "review-app", "news"],
    });
    const en = await (await ctx.request("/api/typical_customer", { lang: "en" })).json();
    expect(en.data[0]).toMatchObject({ name: "Retail banks", industry: "Banking" });
    expect(en.data.map((c: { id: number }) => c.id)).toEqual(vi.data.map((c: { id: number }) => c.id));
  });
});

describe("POST /api/client-errors", () => {
  const report = { status: 502, url: "/api/project", message: "Bad Gateway", page: "/overview" };

  test("a server failure seen by a browser is stored", async () => {
    const res = await ctx.request("/api/client-errors", {
      method: "POST",
      json: report,
      ip: "192.0.2.50",
      headers: { "user-agent": "Chromium test" },
    });
    expect(res.status).toBe(200);
    const rows = await ctx.handle.db.selectFrom("client_errors").selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({
        status: 502,
        url: "/api/project",
        message: "Bad Gateway",
        page: "/overview",
        user_agent: "Chromium test",
        ip: "192.0.2.50",
      }),
    ]);
  });

  test("only statuses of 500 and above are accepted", async () => {
    const res = await postJson(ctx, "/api/client-errors", { ...report, status: 404 }, { ip: "192.0.2.51" });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(["status"]);
  });

  test("thirty reports an hour per address; more are refused", async () => {
    const ip = "192.0.2.52";
    for (let i = 0; i < 30; i += 1) expect((await postJson(ctx, "/api/client-errors", report, { ip })).status).toBe(200);
    expect((await postJson(ctx, "/api/client-errors", report, { ip })).status).toBe(429);
    expect((await postJson(ctx, "/api/client-errors", report, { ip: "192.0.2.53" })).status).toBe(200);
  });
});
