import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadConfig } from "../../src/server/config.ts";
import { smtpMail } from "../../src/server/notify/mail.ts";
import { alertIncidents } from "../../src/server/services/crisis/alert-incident.ts";
import { smtpInbox } from "../factories/smtp-inbox.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser, postJson } from "../factories/users.ts";

const MAIL_ENV = { NODE_ENV: "test", TRUST_PROXY: "1", MAIL_FROM: "Nghe <no-reply@nghe.test>", SALES_EMAIL: "sales@nghe.test" } as const;

let inbox: Awaited<ReturnType<typeof smtpInbox>>;
let ctx: TestContext;
beforeAll(async () => {
  inbox = await smtpInbox();
  const config = loadConfig({ ...MAIL_ENV, SMTP_URL: inbox.url, SITE_URL: "https://nghe.example.vn" });
  ctx = await createTestContext({ config, mail: smtpMail({ url: inbox.url, from: config.mail.from }) });
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await inbox.close();
});

const outbox = (recipient: string) =>
  ctx.handle.db.selectFrom("outbox_messages").selectAll().where("recipient", "=", recipient).orderBy("id").execute();

async function newCustomer() {
  const session = await createVerifiedUser(ctx);
  const project = await postJson(
    ctx,
    "/api/project",
    { brand_id: 0, name: "Trà Xanh", keywords: ["Trà Xanh Tây Bắc"], competitors: [] },
    { token: session.token },
  );
  expect(project.status).toBe(200);
  return { ...session, projectId: project.body.data.id as number };
}

describe("a new account's alert contacts", () => {
  test("are its own phone and e-mail, and a crisis alert reaches both", async () => {
    const { account, token, projectId } = await newCustomer();
    const settings = await ctx.request("/api/notification", { token });
    expect((await settings.json()).data).toMatchObject({ phones: [account.phone], emails: [account.email], time_reports: [] });

    const created = await postJson(
      ctx,
      "/api/incident/create",
      { project_id: projectId, title: "Khách phản ánh trà có vị lạ", started_at: ctx.deps.now().toISOString(), severity: 2 },
      { token },
    );
    expect(created.status).toBe(200);
    expect(await alertIncidents(ctx.deps, [created.body.data.id], 6)).toBe(2);
    await expect.poll(() => inbox.received.filter((m) => m.to.includes(account.email)).length).toBe(1);
    const mail = inbox.received.find((m) => m.to.includes(account.email))!;
    expect(mail.text).toContain(`https://nghe.example.vn/crisis-management/${created.body.data.id}`);
    expect(await outbox(account.phone)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          channel: "sms",
          status: "sent",
          body: expect.stringContaining(`/crisis-management/${created.body.data.id}`),
        }),
      ]),
    );
  });

  test("stay as the user changed them: an emptied list is not refilled", async () => {
    const { token } = await newCustomer();
    const saved = await ctx.request("/api/notification", {
      method: "PUT",
      token,
      json: { time_reports: ["weekly"], phones: [], emails: [] },
    });
    expect((await saved.json()).data).toMatchObject({ phones: [], emails: [], time_reports: ["weekly"] });
    expect((await (await ctx.request("/api/notification", { token })).json()).data).toMatchObject({ phones: [], emails: [] });
  });
});

describe("POST /api/notification/test-alert", () => {
  test("mails a saved e-mail over SMTP and texts a saved phone through the outbox", async () => {
    const { account, token } = await newCustomer();
    const mailed = await postJson(ctx, "/api/notification/test-alert", { channel: "email", to: account.email }, { token });
    expect(mailed.body).toEqual({ code: 200, data: { channel: "email", to: account.email, delivered: true }, errors: {} });
    await expect.poll(() => inbox.received.filter((m) => m.to.includes(account.email)).length).toBe(1);
    const mail = inbox.received.find((m) => m.to.includes(account.email))!;
    expect(mail.subject).toContain("Thử cảnh báo khủng hoảng");
    expect(mail.text).toContain("https://nghe.example.vn/crisis-management");

    const texted = await postJson(ctx, "/api/notification/test-alert", { channel: "sms", to: account.phone }, { token });
    // The test server has no SMS gateway: the text is in the outbox, and the answer does not claim it arrived.
    expect(texted.body.data).toEqual({ channel: "sms", to: account.phone, delivered: false });
    const sms = (await outbox(account.phone)).at(-1)!;
    expect(sms).toMatchObject({ channel: "sms", provider: "console" });
    expect(sms.body).toContain("tin thu canh bao");
  });

  test("refuses a contact that is not saved, in Vietnamese and English, and sends nothing", async () => {
    const { token } = await newCustomer();
    const before = inbox.received.length;
    const vi = await postJson(ctx, "/api/notification/test-alert", { channel: "email", to: "stranger@example.vn" }, { token });
    expect(vi.status).toBe(422);
    expect(vi.body.errors.to).toEqual(["Chỉ gửi thử được tới email hoặc số điện thoại đã lưu. Vui lòng bấm Cập nhật trước"]);
    const en = await postJson(ctx, "/api/notification/test-alert", { channel: "sms", to: "0999999999" }, { token, lang: "en" });
    expect(en.body.errors.to).toEqual(["Test alerts go only to saved e-mails and phone numbers. Please press Update first"]);
    const bad = await postJson(ctx, "/api/notification/test-alert", { channel: "fax", to: "x" }, { token });
    expect(bad.status).toBe(422);
    expect(inbox.received.length).toBe(before);
    expect((await ctx.request("/api/notification/test-alert", { method: "POST", json: { channel: "email", to: "a@b.vn" } })).status).toBe(
      401,
    );
  });

  test("one test per contact a minute: a second press answers 429 with the wait, a minute later it goes again", async () => {
    const { account, token } = await newCustomer();
    const test = () => postJson(ctx, "/api/notification/test-alert", { channel: "email", to: account.email }, { token });
    expect((await test()).status).toBe(200);
    const again = await test();
    expect(again.status).toBe(429);
    expect(again.body.data.retry_after).toBeGreaterThan(0);
    ctx.setNow(new Date(ctx.deps.now().getTime() + 61_000));
    expect((await test()).status).toBe(200);
  });
});
