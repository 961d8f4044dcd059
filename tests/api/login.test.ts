import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { findDbCommand } from "../../src/server/cli/db-commands.ts";
import { ACCOUNT_TYPE } from "../../src/shared/account.ts";
import { verifyPassword } from "../../src/server/services/security/passwords.ts";
import { setAccountType } from "../../src/server/services/auth/set-account-type.ts";
import { localServer } from "../factories/local-server.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser, latestOtp, postJson } from "../factories/users.ts";

// The real check, watched: an unknown username must still cost a password hash.
vi.mock("../../src/server/services/security/passwords.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../src/server/services/security/passwords.ts")>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const later = (seconds: number) => ctx.setNow(new Date(ctx.deps.now().getTime() + seconds * 1000));
const show = (token: string) => ctx.request("/api/user/show", { token });
const login = (username: string, password: string, ip: string, captcha_token?: string) =>
  postJson(ctx, "/api/login", { username, password, ...(captcha_token ? { captcha_token } : {}) }, { ip });
const WRONG = "SaiMatKhau1";

describe("login and logout", () => {
  test("a verified account gets a 30-day token that opens the user endpoints", async () => {
    const { account } = await createVerifiedUser(ctx);
    const res = await postJson(ctx, "/api/login", { username: account.username, password: account.password });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ expires_in: 2_592_000, user: { username: account.username } });
    expect(res.body.data.access_token).toMatch(/^[\w-]{40,}$/);
    expect(JSON.stringify(res.body)).not.toContain("password");
    expect((await show(res.body.data.access_token)).status).toBe(200);
  });

  test("username lookup ignores case; unknown usernames and wrong passwords are field errors", async () => {
    const { account } = await createVerifiedUser(ctx);
    expect((await postJson(ctx, "/api/login", { username: account.username.toUpperCase(), password: account.password })).status).toBe(200);
    const unknown = await postJson(ctx, "/api/login", { username: "khong_ton_tai", password: "MatKhau2026" }, { ip: "10.1.0.1" });
    expect(unknown.body.errors).toEqual({ username: ["Tên đăng nhập không tồn tại"] });
    const wrong = await postJson(ctx, "/api/login", { username: account.username, password: "SaiMatKhau1" }, { ip: "10.1.0.1" });
    expect(wrong.body.errors).toEqual({ password: ["Mật khẩu không chính xác"] });
    const empty = await postJson(ctx, "/api/login", { username: "", password: "" });
    expect(empty.body.errors).toEqual({ username: ["Tên đăng nhập là bắt buộc"], password: ["Mật khẩu là bắt buộc"] });
  });

  test("logout revokes the token", async () => {
    const { token } = await createVerifiedUser(ctx);
    expect((await postJson(ctx, "/api/logout", {}, { token })).status).toBe(200);
    const after = await show(token);
    expect(after.status).toBe(401);
    expect((await after.json()).errors.message).toEqual(["Vui lòng đăng nhập để tiếp tục"]);
    expect((await postJson(ctx, "/api/logout", {}, { token })).status).toBe(401);
  });

  test("tokens expire after 30 days", async () => {
    const { token } = await createVerifiedUser(ctx);
    later(2_592_000 - 60);
    expect((await show(token)).status).toBe(200);
    later(61);
    expect((await show(token)).status).toBe(401);
  });

  test("a locked account cannot log in and its tokens stop working", async () => {
    const { account, token } = await createVerifiedUser(ctx);
    await ctx.handle.db.updateTable("users").set({ account_type: 2 }).where("username", "=", account.username).execute();
    expect((await show(token)).status).toBe(401);
    const res = await postJson(ctx, "/api/login", { username: account.username, password: account.password });
    expect(res.status).toBe(403);
    expect(res.body.errors.message).toEqual(["Tài khoản của bạn đã bị khóa. Vui lòng liên hệ bộ phận chăm sóc khách hàng"]);
  });
});

describe("failed logins slow down the address that makes them, not the owner", () => {
  test("one username from one address: two typos are free, then the wait grows (10 s, 30 s, 90 s) even for the right password", async () => {
    const { account } = await createVerifiedUser(ctx);
    const ip = "10.2.0.1";
    for (let i = 0; i < 3; i += 1) expect((await login(account.username, WRONG, ip)).status).toBe(422);
    for (const seconds of [10, 30, 90]) {
      const refused = await login(account.username, account.password, ip);
      expect(refused.status).toBe(429);
      expect(refused.body.data.retry_after).toBe(seconds);
      expect(refused.body.errors.message).toEqual([`Bạn thao tác quá nhiều lần. Vui lòng thử lại sau ${seconds} giây`]);
      later(seconds);
      if (seconds < 90) expect((await login(account.username, WRONG, ip)).status).toBe(422);
    }
    expect((await login(account.username, account.password, ip)).status).toBe(200);
    // A success forgives the address: the next typo is free again.
    expect((await login(account.username, WRONG, ip)).status).toBe(422);
    expect((await login(account.username, WRONG, ip)).status).toBe(422);
  });

  test("a burst of parallel guesses from one address gets no more tries than guesses one by one", async () => {
    const { account } = await createVerifiedUser(ctx);
    const answers = await Promise.all(Array.from({ length: 10 }, () => login(account.username, WRONG, "10.2.1.1")));
    expect(answers.map((a) => a.status).sort()).toEqual([422, 422, 422, 429, 429, 429, 429, 429, 429, 429]);
  });

  test("the owner logs in from address B while address A hammers the username", async () => {
    const { account } = await createVerifiedUser(ctx);
    const attacker = "10.2.2.1";
    let failures = 0;
    // Guessing as fast as the waits allow, for about an hour.
    for (let i = 0; i < 30 && failures < 9; i += 1) {
      const res = await login(account.username, WRONG, attacker);
      if (res.status === 422) failures += 1;
      else later(res.body.data.retry_after);
    }
    expect(failures).toBe(9);
    const attackerNext = await login(account.username, account.password, attacker);
    expect(attackerNext.status).toBe(429);
    expect(attackerNext.body.data.retry_after).toBe(3600);
    const owner = await login(account.username, account.password, "10.2.2.200");
    expect(owner.status).toBe(200);
    expect((await show(owner.body.data.access_token)).status).toBe(200);
  });

  test("a shared office address: colleagues' typos on many accounts do not shut the office out, and a spray stops soon", {
    timeout: 180_000,
  }, async () => {
    const { account } = await createVerifiedUser(ctx);
    const office = "10.3.0.9";
    for (let i = 0; i < 20; i += 1) expect((await login(`dong_nghiep_${i}`, WRONG, office)).status).toBe(422);
    expect((await login(account.username, account.password, office)).status).toBe(200);
    for (let i = 20; i < 100; i += 1) await login(`dong_nghiep_${i}`, WRONG, office);
    const sprayed = await login(account.username, account.password, office);
    expect(sprayed.status).toBe(429);
    expect(sprayed.body.data.retry_after).toBeLessThanOrEqual(15 * 60);
    expect((await login(account.username, account.password, "10.3.0.10")).status).toBe(200);
  });

  test("an unknown username costs the same password hash as a known one", async () => {
    const { account } = await createVerifiedUser(ctx);
    const stored = await ctx.handle.db
      .selectFrom("users")
      .select("password_hash")
      .where("username", "=", account.username)
      .executeTakeFirstOrThrow();
    vi.mocked(verifyPassword).mockClear();
    const res = await login("khong_ai_co_ten_nay", "MatKhau2026", "10.2.4.1");
    expect(res.body.errors).toEqual({ username: ["Tên đăng nhập không tồn tại"] });
    expect(verifyPassword).toHaveBeenCalledTimes(1);
    const [password, dummy] = vi.mocked(verifyPassword).mock.calls[0];
    expect(password).toBe("MatKhau2026");
    const cost = (hash: string) => hash.split("$").slice(0, 4).join("$");
    expect(cost(dummy)).toBe(cost(stored.password_hash));
    expect(dummy).not.toBe(stored.password_hash);
  });
});

describe("a stranger cannot lock the owner out", () => {
  const smsTo = async (phone: string) =>
    (await ctx.handle.db.selectFrom("outbox_messages").select("body").where("recipient", "=", phone).execute()).length;
  const forgot = (username: string, ip: string) => postJson(ctx, "/api/forget-password", { username }, { ip });
  const reset = (username: string, otp: string, ip: string, password = "MatKhauMoi9") =>
    postJson(ctx, "/api/reset-password", { username, otp, password }, { ip });
  const wrongCode = (code: string) => (code === "000000" ? "111111" : "000000");

  test("32 wrong passwords from 16 addresses: the owner's right password texts a code, and password + code signs in", {
    timeout: 180_000,
  }, async () => {
    const { account } = await createVerifiedUser(ctx);
    for (let i = 0; i < 32; i += 1) expect((await login(account.username, WRONG, `10.11.0.${i % 16}`)).status).toBe(422);
    const textsBefore = await smsTo(account.phone);

    const owner = await login(account.username, account.password, "10.11.1.1");
    expect(owner.status).toBe(422);
    const masked = `${account.phone.slice(0, 3)}****${account.phone.slice(-3)}`;
    expect(owner.body.errors).toEqual({
      otp: [
        `Tài khoản này đang bị thử mật khẩu từ nhiều nơi. Nếu mật khẩu đúng, mã xác nhận vừa được gửi tới số ${masked}: nhập mã để đăng nhập`,
      ],
    });
    expect(owner.body.data).toMatchObject({ otp_required: true, phone_masked: masked, expires_in: 300 });
    expect(await smsTo(account.phone)).toBe(textsBefore + 1);
    const code = await latestOtp(ctx, account.phone);

    // A stranger's wrong password gets the very same answer and texts nothing: the refusal tells nothing about the password.
    const stranger = await login(account.username, WRONG, "10.11.2.1");
    expect(stranger).toEqual(owner);
    expect(await smsTo(account.phone)).toBe(textsBefore + 1);
    // With a code, a wrong password and a wrong code read alike too.
    const withCode = (password: string, otp: string, ip: string) =>
      postJson(ctx, "/api/login", { username: account.username, password, otp }, { ip });
    const strangerWithCode = await withCode(WRONG, code, "10.11.2.2");
    expect(strangerWithCode.status).toBe(422);
    expect(strangerWithCode.body.errors).toEqual({ otp: ["Mật khẩu hoặc mã xác nhận không đúng"] });
    const ownerTypo = await withCode(account.password, wrongCode(code), "10.11.1.1");
    expect(ownerTypo).toEqual(strangerWithCode);

    const signedIn = await withCode(account.password, code, "10.11.1.1");
    expect(signedIn.status).toBe(200);
    expect((await show(signedIn.body.data.access_token)).status).toBe(200);
    // The code is spent.
    expect((await withCode(account.password, code, "10.11.1.3")).body.errors).toEqual({ otp: ["Mật khẩu hoặc mã xác nhận không đúng"] });
  });

  test("in English, the code step says so", { timeout: 180_000 }, async () => {
    const { account } = await createVerifiedUser(ctx);
    for (let i = 0; i < 30; i += 1) await login(account.username, WRONG, `10.12.0.${i}`);
    const owner = await postJson(
      ctx,
      "/api/login",
      { username: account.username, password: account.password },
      { ip: "10.12.1.1", lang: "en" },
    );
    expect(owner.body.errors.otp).toEqual([
      `Someone has been trying passwords on this account from many places. If the password is right, a code has just been sent to ${account.phone.slice(0, 3)}****${account.phone.slice(-3)}: enter it to log in`,
    ]);
  });

  test("wrong reset codes from other addresses leave the owner's code working", async () => {
    const { account } = await createVerifiedUser(ctx);
    const home = "10.13.0.1";
    expect((await forgot(account.username, home)).status).toBe(200);
    const code = await latestOtp(ctx, account.phone);
    for (let a = 0; a < 5; a += 1) {
      for (let i = 0; i < 4; i += 1) expect((await reset(account.username, wrongCode(code), `10.13.1.${a}`)).status).toBe(422);
    }
    const stranger = await reset(account.username, wrongCode(code), "10.13.1.0");
    expect(stranger.body.errors.otp).toEqual(["Bạn đã nhập sai OTP 5 lần. Vui lòng thử lại sau 60 giây"]);
    expect((await reset(account.username, code, "10.13.1.0")).status).toBe(429);
    expect((await reset(account.username, code, home)).status).toBe(200);
  });

  test("only a guessing-sized total of wrong codes (100 a day) stops an account's codes", { timeout: 180_000 }, async () => {
    const { account } = await createVerifiedUser(ctx);
    await forgot(account.username, "10.14.0.1");
    const code = await latestOtp(ctx, account.phone);
    for (let i = 0; i < 100; i += 1)
      expect((await reset(account.username, wrongCode(code), `10.14.1.${Math.floor(i / 4)}`)).status).toBe(422);
    const locked = await reset(account.username, code, "10.14.0.1");
    expect(locked.status).toBe(429);
    expect(locked.body.errors.message[0]).toMatch(
      /^Mã OTP của tài khoản này bị nhập sai quá nhiều lần nên tạm ngừng nhận\. Vui lòng thử lại sau \d+ phút$/,
    );
    // The password still signs in.
    expect((await login(account.username, account.password, "10.14.0.1")).status).toBe(200);
  });

  test("forgot-password requests from strangers do not use up the owner's codes", async () => {
    const { account } = await createVerifiedUser(ctx);
    for (let a = 0; a < 4; a += 1) {
      for (let i = 0; i < 3; i += 1) {
        later(60);
        expect((await forgot(account.username, `10.15.1.${a}`)).status).toBe(200);
      }
      later(60);
      const fourth = await forgot(account.username, `10.15.1.${a}`);
      expect(fourth.status).toBe(429);
      expect(fourth.body.data.retry_after).toBeGreaterThan(60);
    }
    // Twelve codes sent by strangers within the hour; the owner from a fresh address still gets one, and it works.
    later(60);
    expect((await forgot(account.username, "10.15.2.1")).status).toBe(200);
    expect((await reset(account.username, await latestOtp(ctx, account.phone), "10.15.2.1")).status).toBe(200);
  });

  test("a code asked for by a stranger does not kill the one the owner holds", async () => {
    const { account } = await createVerifiedUser(ctx);
    expect((await forgot(account.username, "10.16.0.1")).status).toBe(200);
    const ownersCode = await latestOtp(ctx, account.phone);
    later(60);
    expect((await postJson(ctx, "/api/resend-otp", { phone: account.phone }, { ip: "10.16.1.1" })).status).toBe(200);
    expect((await reset(account.username, ownersCode, "10.16.0.1")).status).toBe(200);
  });

  test("resend-otp is limited like a reset request: three texts an hour per phone from one address", async () => {
    const { account } = await createVerifiedUser(ctx);
    const resend = () => postJson(ctx, "/api/resend-otp", { phone: account.phone }, { ip: "10.17.0.1" });
    for (let i = 0; i < 3; i += 1) {
      later(60);
      expect((await resend()).status).toBe(200);
    }
    later(60);
    expect((await resend()).status).toBe(429);
    expect((await postJson(ctx, "/api/resend-otp", { phone: account.phone }, { ip: "10.17.0.2" })).status).toBe(200);
  });
});

describe("locking an account", () => {
  const apiKeyFor = async (username: string) =>
    JSON.parse((await findDbCommand("apikey")!.run(ctx.deps, ["create", username, "crawler"], "")).stdout.split("\n")[0]).key as string;
  const ingestStatus = async (key: string) =>
    (await ctx.request("/api/ingest", { method: "POST", json: { documents: [] }, headers: { "x-api-key": key } })).status;

  test("revokes its sessions and API keys for good: unlocking brings back neither", async () => {
    const { account, token, user } = await createVerifiedUser(ctx);
    const key = await apiKeyFor(account.username);
    expect(await ingestStatus(key)).not.toBe(401);

    await setAccountType(ctx.handle.db, user.id, ACCOUNT_TYPE.locked, ctx.deps.now());
    expect((await show(token)).status).toBe(401);
    expect(await ingestStatus(key)).toBe(401);
    await setAccountType(ctx.handle.db, user.id, ACCOUNT_TYPE.trial, ctx.deps.now());
    expect((await show(token)).status).toBe(401);
    expect(await ingestStatus(key)).toBe(401);

    const again = await login(account.username, account.password, "10.8.0.1");
    expect(again.status).toBe(200);
    expect((await show(again.body.data.access_token)).status).toBe(200);
  });
});

describe("with reCAPTCHA configured", () => {
  let captchaCtx: TestContext;
  let recaptcha: Awaited<ReturnType<typeof localServer>>;
  beforeAll(async () => {
    recaptcha = await localServer((req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ success: new URLSearchParams(req.body).get("response") === "good-token" }));
    });
    captchaCtx = await createTestContext({
      config: { ...ctx.deps.config, recaptcha: { secret: "server-secret", siteKey: "site-key", verifyUrl: `${recaptcha.url}/siteverify` } },
    });
  });
  afterAll(async () => {
    await captchaCtx.close();
    await recaptcha.close();
  });

  test("a solved captcha lets the owner through a broad attack", { timeout: 180_000 }, async () => {
    const { account } = await createVerifiedUser(captchaCtx, { captcha_token: "good-token" });
    const attempt = (password: string, ip: string, captcha_token?: string) =>
      postJson(captchaCtx, "/api/login", { username: account.username, password, ...(captcha_token ? { captcha_token } : {}) }, { ip });
    for (let i = 0; i < 40; i += 1) expect((await attempt(WRONG, `10.9.0.${i}`, "good-token")).status).toBe(422);
    expect((await attempt(account.password, "10.9.1.1")).body.errors).toEqual({
      captcha_token: ["Vui lòng xác nhận bạn không phải người máy"],
    });
    expect((await attempt(account.password, "10.9.1.1", "good-token")).status).toBe(200);
  });
});

describe("forgotten password", () => {
  test("by username: the code goes to the phone, the answer masks it, and reset signs out everywhere", async () => {
    const { account, token } = await createVerifiedUser(ctx);
    const res = await postJson(ctx, "/api/forget-password", { username: account.username }, { ip: "10.4.0.1" });
    expect(res.status).toBe(200);
    expect(res.body.data.phone_masked).toBe(`${account.phone.slice(0, 3)}****${account.phone.slice(-3)}`);
    expect(JSON.stringify(res.body)).not.toContain(account.phone);
    const otp = await latestOtp(ctx, account.phone);
    const reset = await postJson(
      ctx,
      "/api/reset-password",
      { username: account.username, otp, password: "MatKhauMoi9" },
      { ip: "10.4.0.1" },
    );
    expect(reset.status).toBe(200);
    expect((await show(token)).status).toBe(401);
    expect((await postJson(ctx, "/api/login", { username: account.username, password: account.password }, { ip: "10.4.0.2" })).status).toBe(
      422,
    );
    expect((await postJson(ctx, "/api/login", { username: account.username, password: "MatKhauMoi9" })).status).toBe(200);
    const reused = await postJson(
      ctx,
      "/api/reset-password",
      { username: account.username, otp, password: "MatKhauMoi8" },
      { ip: "10.4.0.1" },
    );
    expect(reused.body.errors.otp).toEqual(["Mã OTP không còn hiệu lực. Vui lòng gửi lại OTP"]);
  });

  test("by phone, with the new password checked by the shared rule", async () => {
    const { account } = await createVerifiedUser(ctx);
    await postJson(ctx, "/api/forget-password", { phone: account.phone }, { ip: "10.5.0.1" });
    const otp = await latestOtp(ctx, account.phone);
    const weak = await postJson(ctx, "/api/reset-password", { phone: account.phone, otp, password: "matkhau" });
    expect(weak.body.errors.password).toEqual(["Mật khẩu dài 8–16 ký tự, có ít nhất một chữ hoa và một chữ thường"]);
    expect((await postJson(ctx, "/api/reset-password", { phone: account.phone, otp, password: "MatKhauMoi9" })).status).toBe(200);
  });

  test("unknown accounts and missing identifiers", async () => {
    expect((await postJson(ctx, "/api/forget-password", { username: "khong_co_ai" }, { ip: "10.6.0.1" })).body.errors).toEqual({
      username: ["Tên đăng nhập không tồn tại"],
    });
    expect((await postJson(ctx, "/api/forget-password", { phone: "0900000009" }, { ip: "10.6.0.1" })).body.errors).toEqual({
      phone: ["Số điện thoại chưa được đăng ký"],
    });
    expect((await postJson(ctx, "/api/forget-password", {}, { ip: "10.6.0.1" })).body.errors).toEqual({
      username: ["Tên đăng nhập là bắt buộc"],
    });
  });

  test("a reset from the address that earned a login wait lifts that wait", async () => {
    const { account } = await createVerifiedUser(ctx);
    const home = "10.4.1.1";
    for (let i = 0; i < 3; i += 1) await login(account.username, WRONG, home);
    expect((await login(account.username, account.password, home)).status).toBe(429);
    await postJson(ctx, "/api/forget-password", { username: account.username }, { ip: home });
    const otp = await latestOtp(ctx, account.phone);
    expect(
      (await postJson(ctx, "/api/reset-password", { username: account.username, otp, password: "MatKhauMoi9" }, { ip: home })).status,
    ).toBe(200);
    expect((await login(account.username, "MatKhauMoi9", home)).status).toBe(200);
  });

  test("reset requests are limited per address", async () => {
    for (let i = 0; i < 5; i += 1) await postJson(ctx, "/api/forget-password", { username: `x${i}_nobody` }, { ip: "10.7.0.1" });
    expect((await postJson(ctx, "/api/forget-password", { username: "x_nobody" }, { ip: "10.7.0.1" })).status).toBe(429);
  });
});
