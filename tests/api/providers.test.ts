import { afterAll, beforeAll, expect, test } from "vitest";
import { httpSms } from "../../src/server/notify/sms.ts";
import { localServer } from "../factories/local-server.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { latestOtp, newAccount, postJson } from "../factories/users.ts";

let gateway: Awaited<ReturnType<typeof localServer>>;
let recaptcha: Awaited<ReturnType<typeof localServer>>;
let gatewayStatus = 200;
let ctx: TestContext;

beforeAll(async () => {
  gateway = await localServer((_req, res) => {
    res.writeHead(gatewayStatus, { "content-type": "application/json" });
    res.end(JSON.stringify({ code: gatewayStatus === 200 ? 0 : 99 }));
  });
  // Google's siteverify contract: form-encoded secret + response, JSON {success}.
  recaptcha = await localServer((req, res) => {
    const form = new URLSearchParams(req.body);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ success: form.get("secret") === "server-secret" && form.get("response") === "good-token" }));
  });
  const base = await createTestContext();
  ctx = await createTestContext({
    sms: httpSms({ url: `${gateway.url}/send`, key: "gateway-key", brandName: "NGHE" }),
    config: { ...base.deps.config, recaptcha: { secret: "server-secret", siteKey: "site-key", verifyUrl: `${recaptcha.url}/siteverify` } },
  });
  await base.close();
});
afterAll(async () => {
  await ctx.close();
  await gateway.close();
  await recaptcha.close();
});

test("with a secret configured, register, login and forget-password need a valid captcha", async () => {
  const account = newAccount();
  const missing = await postJson(ctx, "/api/register", account);
  expect(missing.status).toBe(422);
  expect(missing.body.errors).toEqual({ captcha_token: ["Vui lòng xác nhận bạn không phải người máy"] });
  const bad = await postJson(ctx, "/api/login", { username: "ai_do", password: "x", captcha_token: "bad-token" });
  expect(bad.body.errors).toEqual({ captcha_token: ["Xác thực captcha không thành công. Vui lòng thử lại"] });
  expect((await postJson(ctx, "/api/forget-password", { username: "ai_do" })).body.errors.captcha_token).toBeDefined();
  expect((await postJson(ctx, "/api/register", { ...account, captcha_token: "good-token" })).status).toBe(200);
  expect(recaptcha.requests.at(-1)!.body).toContain("secret=server-secret");
});

test("the HTTP gateway receives the OTP in its wire format, and the outbox keeps it", async () => {
  const account = newAccount();
  await postJson(ctx, "/api/register", { ...account, captcha_token: "good-token" });
  const sent = gateway.requests.at(-1)!;
  expect(sent.headers.authorization).toBe("Bearer gateway-key");
  const payload = JSON.parse(sent.body);
  expect(payload).toMatchObject({ to: `84${account.phone.slice(1)}`, brandname: "NGHE" });
  expect(payload.message).toContain(await latestOtp(ctx, account.phone));
});

test("a gateway failure is a 503 with a clear message and is recorded as failed", async () => {
  gatewayStatus = 500;
  const account = newAccount();
  const res = await postJson(ctx, "/api/register", { ...account, captcha_token: "good-token" });
  gatewayStatus = 200;
  expect(res.status).toBe(503);
  expect(res.body.errors.message).toEqual(["Không gửi được tin nhắn SMS. Vui lòng thử lại sau ít phút"]);
  const row = await ctx.handle.db
    .selectFrom("outbox_messages")
    .select(["status", "provider"])
    .where("recipient", "=", account.phone)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ status: "failed", provider: "http" });
});
