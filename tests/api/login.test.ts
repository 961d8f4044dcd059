import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser, latestOtp, postJson } from "../factories/users.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const later = (seconds: number) => ctx.setNow(new Date(ctx.deps.now().getTime() + seconds * 1000));
const show = (token: string) => ctx.request("/api/user/show", { token });

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

  test("five failures per username in 15 minutes block that username, even with the right password", async () => {
    const { account } = await createVerifiedUser(ctx);
    for (let i = 0; i < 5; i += 1) {
      const res = await postJson(ctx, "/api/login", { username: account.username, password: "SaiMatKhau1" }, { ip: `10.2.0.${i}` });
      expect(res.status).toBe(422);
    }
    const blocked = await postJson(ctx, "/api/login", { username: account.username, password: account.password }, { ip: "10.2.1.1" });
    expect(blocked.status).toBe(429);
    expect(blocked.body.data.retry_after).toBeGreaterThan(800);
    later(15 * 60 + 1);
    expect((await postJson(ctx, "/api/login", { username: account.username, password: account.password }, { ip: "10.2.1.1" })).status).toBe(200);
  });

  test("five failures from one address block that address for every username", async () => {
    const { account } = await createVerifiedUser(ctx);
    for (let i = 0; i < 5; i += 1) await postJson(ctx, "/api/login", { username: `ai_do_${i}`, password: "SaiMatKhau1" }, { ip: "10.3.0.9" });
    const blocked = await postJson(ctx, "/api/login", { username: account.username, password: account.password }, { ip: "10.3.0.9" });
    expect(blocked.status).toBe(429);
    expect((await postJson(ctx, "/api/login", { username: account.username, password: account.password }, { ip: "10.3.0.10" })).status).toBe(200);
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
    const reset = await postJson(ctx, "/api/reset-password", { username: account.username, otp, password: "MatKhauMoi9" }, { ip: "10.4.0.1" });
    expect(reset.status).toBe(200);
    expect((await show(token)).status).toBe(401);
    expect((await postJson(ctx, "/api/login", { username: account.username, password: account.password }, { ip: "10.4.0.2" })).status).toBe(422);
    expect((await postJson(ctx, "/api/login", { username: account.username, password: "MatKhauMoi9" })).status).toBe(200);
    const reused = await postJson(ctx, "/api/reset-password", { username: account.username, otp, password: "MatKhauMoi8" }, { ip: "10.4.0.1" });
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
    expect((await postJson(ctx, "/api/forget-password", {}, { ip: "10.6.0.1" })).body.errors).toEqual({ username: ["Tên đăng nhập là bắt buộc"] });
  });

  test("reset requests are limited per address", async () => {
    for (let i = 0; i < 5; i += 1) await postJson(ctx, "/api/forget-password", { username: `x${i}_nobody` }, { ip: "10.7.0.1" });
    expect((await postJson(ctx, "/api/forget-password", { username: "x_nobody" }, { ip: "10.7.0.1" })).status).toBe(429);
  });
});
