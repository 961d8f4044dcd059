import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser, latestOtp, newAccount, postJson } from "../factories/users.ts";
import { loadConfig } from "../../src/server/config.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const later = (seconds: number) => ctx.setNow(new Date(ctx.deps.now().getTime() + seconds * 1000));

describe("register", () => {
  test("creates an unverified account and texts a 6-digit OTP", async () => {
    const account = newAccount({ phone: "+84987654321" });
    const res = await postJson(ctx, "/api/register", account);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ phone: "0987654321", expires_in: 300, resend_in: 60 });
    expect(await latestOtp(ctx, "0987654321")).toMatch(/^\d{6}$/);
    const login = await postJson(ctx, "/api/login", { username: account.username, password: account.password });
    expect(login.status).toBe(403);
    expect(login.body.errors.message[0]).toContain("chưa xác thực");
  });

  test("every field rule answers with the spec's message", async () => {
    const res = await postJson(ctx, "/api/register", {
      username: " an ",
      full_name: "  ",
      phone: "0912 345 678",
      company: "",
      email: "an@vinamilk",
      password: "abcdefgh",
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      username: ["Tên đăng nhập không được có khoảng trắng ở đầu hoặc cuối"],
      full_name: ["Họ và tên là bắt buộc"],
      phone: ["Số điện thoại không được chứa khoảng trắng"],
      company: ["Công ty là bắt buộc"],
      email: ["Email không đúng định dạng"],
      password: ["Mật khẩu dài 8–16 ký tự, có ít nhất một chữ hoa và một chữ thường"],
    });
  });

  test("missing fields are required, in English too", async () => {
    const res = await postJson(ctx, "/api/register", {}, { lang: "en" });
    expect(res.body.errors).toEqual({
      username: ["Username is required"],
      full_name: ["Full name is required"],
      phone: ["Phone number is required"],
      company: ["Company is required"],
      email: ["Email is required"],
      password: ["Password is required"],
    });
  });

  test("phone numbers: 0, 84 or +84 then nine digits", async () => {
    for (const phone of ["091234567", "09123456789", "1912345678", "+8591234567", "09a2345678"]) {
      const res = await postJson(ctx, "/api/register", newAccount({ phone }));
      expect(res.body.errors.phone, phone).toEqual(["Số điện thoại không hợp lệ"]);
    }
    const username = await postJson(ctx, "/api/register", newAccount({ username: "an nguyen" }));
    expect(username.body.errors.username).toEqual(["Tên đăng nhập chỉ gồm chữ cái, chữ số, dấu gạch dưới và dấu chấm (3–50 ký tự)"]);
    const tooLong = await postJson(ctx, "/api/register", newAccount({ password: "MatKhauRatDai12345" }));
    expect(tooLong.body.errors.password).toHaveLength(1);
  });

  test("username, phone and e-mail of a verified account are taken", async () => {
    const { account } = await createVerifiedUser(ctx);
    const res = await postJson(
      ctx,
      "/api/register",
      newAccount({ username: account.username.toUpperCase(), phone: account.phone, email: account.email }),
    );
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual({
      username: ["Tên đăng nhập đã được sử dụng"],
      phone: ["Số điện thoại đã được đăng ký"],
      email: ["Email đã được đăng ký"],
    });
  });

  test("an abandoned registration does not block the phone", async () => {
    const first = newAccount();
    await postJson(ctx, "/api/register", first);
    later(120);
    const again = await postJson(ctx, "/api/register", newAccount({ phone: first.phone }));
    expect(again.status).toBe(200);
  });
});

describe("verify-registration and OTP", () => {
  test("the right code activates the account and signs in", async () => {
    const account = newAccount();
    await postJson(ctx, "/api/register", account);
    const res = await postJson(ctx, "/api/verify-registration", { phone: account.phone, otp: await latestOtp(ctx, account.phone) });
    expect(res.status).toBe(200);
    expect(res.body.data.expires_in).toBe(2_592_000);
    expect(res.body.data.user).toMatchObject({ username: account.username, account_type: 0, is_waiting_for_upgrade: false });
    expect(res.body.data.user.channels).toHaveLength(15);
    const again = await postJson(ctx, "/api/verify-registration", { phone: account.phone, otp: "123456" });
    expect(again.status).toBe(409);
  });

  test("an empty OTP and a malformed one have their own messages", async () => {
    expect((await postJson(ctx, "/api/verify-registration", { phone: "0912345678", otp: "" })).body.errors.otp).toEqual([
      "OTP không được để trống",
    ]);
    expect((await postJson(ctx, "/api/verify-registration", { phone: "0912345678", otp: "12a" })).body.errors.otp).toEqual([
      "OTP gồm 6 chữ số",
    ]);
  });

  test("four wrong codes are free, then the address waits (1 min, 3 min, …) and the code still works afterwards", async () => {
    const account = newAccount();
    const ip = "10.20.0.1";
    await postJson(ctx, "/api/register", account, { ip });
    const code = await latestOtp(ctx, account.phone);
    const wrong = code === "000000" ? "111111" : "000000";
    const verify = (otp: string) => postJson(ctx, "/api/verify-registration", { phone: account.phone, otp }, { ip });
    const first = await verify(wrong);
    expect(first.status).toBe(422);
    expect(first.body.errors.otp).toEqual(["Mã OTP không đúng. Bạn còn 3 lần thử"]);
    for (let i = 0; i < 3; i += 1) await verify(wrong);
    const fifth = await verify(wrong);
    expect(fifth.body.errors.otp).toEqual(["Bạn đã nhập sai OTP 5 lần. Vui lòng thử lại sau 60 giây"]);
    const waiting = await verify(code);
    expect(waiting.status).toBe(429);
    expect(waiting.body.data.retry_after).toBe(60);
    later(60);
    expect((await verify(code)).status).toBe(200);
  });

  test("codes expire after 5 minutes; resend waits 60 s", async () => {
    const account = newAccount();
    await postJson(ctx, "/api/register", account);
    const oldCode = await latestOtp(ctx, account.phone);
    const tooSoon = await postJson(ctx, "/api/resend-otp", { phone: account.phone });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.data.retry_after).toBe(60);
    expect(tooSoon.body.errors.message).toEqual(["Bạn thao tác quá nhiều lần. Vui lòng thử lại sau 60 giây"]);
    later(301);
    const expired = await postJson(ctx, "/api/verify-registration", { phone: account.phone, otp: oldCode });
    expect(expired.body.errors.otp).toEqual(["Mã OTP đã hết hạn. Vui lòng gửi lại OTP"]);
    expect((await postJson(ctx, "/api/resend-otp", { phone: account.phone })).status).toBe(200);
    const newCode = await latestOtp(ctx, account.phone);
    if (newCode !== oldCode) {
      expect((await postJson(ctx, "/api/verify-registration", { phone: account.phone, otp: oldCode })).status).toBe(422);
    }
    expect((await postJson(ctx, "/api/verify-registration", { phone: account.phone, otp: newCode })).status).toBe(200);
  });

  test("test-resend-otp exists only when development routes are turned on", async () => {
    const account = newAccount();
    await postJson(ctx, "/api/register", account);
    later(61);
    const refused = await postJson(ctx, "/api/test-resend-otp", { phone: account.phone });
    expect(refused.status).toBe(404);

    const development = await createTestContext({ config: loadConfig({ NGHE_DEV_ROUTES: "on" }) });
    await postJson(development, "/api/register", account);
    development.setNow(new Date(development.deps.now().getTime() + 61_000));
    const res = await postJson(development, "/api/test-resend-otp", { phone: account.phone });
    expect(res.status).toBe(200);
    expect(res.body.data.otp).toBe(await latestOtp(development, account.phone));
    await development.close();
  });

  test("resend for an unknown phone is a 404 field error", async () => {
    const res = await postJson(ctx, "/api/resend-otp", { phone: "0900000001" });
    expect(res.status).toBe(404);
    expect(res.body.errors.phone).toEqual(["Số điện thoại chưa được đăng ký"]);
  });
});
