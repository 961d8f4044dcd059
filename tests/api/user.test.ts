import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser, postJson } from "../factories/users.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const PNG = new Uint8Array(
  Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1dd9e2b0000000049454e44ae426082",
    "hex",
  ),
);

function upload(token: string, bytes: Uint8Array<ArrayBuffer>, name: string, type: string) {
  const form = new FormData();
  form.set("avatar", new File([bytes], name, { type }));
  return ctx.request("/api/user/change-avatar", { method: "POST", body: form, token });
}

describe("user endpoints", () => {
  test("every user endpoint needs a session", async () => {
    for (const [method, path] of [
      ["GET", "/api/user/show"],
      ["POST", "/api/user/update-info"],
      ["POST", "/api/user/change-password"],
      ["POST", "/api/user/change-avatar"],
      ["POST", "/api/user/upgrade-account"],
      ["GET", "/api/channel-user"],
    ]) {
      const res = await ctx.request(path, { method, token: "forged-token" });
      expect(res.status, path).toBe(401);
      expect((await res.json()).code).toBe(401);
    }
  });

  test("show returns the spec's user fields and nothing secret", async () => {
    const { token, account } = await createVerifiedUser(ctx);
    const body = await (await ctx.request("/api/user/show", { token })).json();
    expect(Object.keys(body.data).sort()).toEqual(
      [
        "account_type",
        "avatar_url",
        "channels",
        "company",
        "email",
        "full_name",
        "id",
        "is_waiting_for_upgrade",
        "phone",
        "username",
      ].sort(),
    );
    expect(body.data).toMatchObject({ username: account.username, full_name: "Nguyễn Văn An", account_type: 0, avatar_url: null });
  });

  test("update-info changes name, phone, company and e-mail, refusing ones another account uses", async () => {
    const { token } = await createVerifiedUser(ctx);
    const other = await createVerifiedUser(ctx);
    const res = await postJson(
      ctx,
      "/api/user/update-info",
      { full_name: "Trần Thị Hoà", phone: "84977000111", company: "Viettel", email: "hoa@viettel.com.vn" },
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      full_name: "Trần Thị Hoà",
      phone: "0977000111",
      company: "Viettel",
      email: "hoa@viettel.com.vn",
    });
    const taken = await postJson(
      ctx,
      "/api/user/update-info",
      { full_name: "A", phone: other.account.phone, company: "B", email: other.account.email.toUpperCase() },
      { token },
    );
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual({ phone: ["Số điện thoại đã được đăng ký"], email: ["Email đã được đăng ký"] });
    const invalid = await postJson(ctx, "/api/user/update-info", { full_name: "", phone: "12", company: "B", email: "x" }, { token });
    expect(invalid.body.errors).toEqual({
      full_name: ["Họ và tên là bắt buộc"],
      phone: ["Số điện thoại không hợp lệ"],
      email: ["Email không đúng định dạng"],
    });
  });

  test("change-password needs the old password and signs out other sessions only", async () => {
    const { token, account } = await createVerifiedUser(ctx);
    const second = (await postJson(ctx, "/api/login", { username: account.username, password: account.password })).body.data.access_token;
    const wrong = await postJson(ctx, "/api/user/change-password", { old_password: "Sai12345", new_password: "MatKhauMoi1" }, { token });
    expect(wrong.body.errors).toEqual({ old_password: ["Mật khẩu cũ không chính xác"] });
    const weak = await postJson(ctx, "/api/user/change-password", { old_password: account.password, new_password: "short" }, { token });
    expect(weak.body.errors).toEqual({ new_password: ["Mật khẩu dài 8–16 ký tự, có ít nhất một chữ hoa và một chữ thường"] });
    expect(
      (await postJson(ctx, "/api/user/change-password", { old_password: account.password, new_password: "MatKhauMoi1" }, { token })).status,
    ).toBe(200);
    expect((await ctx.request("/api/user/show", { token })).status).toBe(200);
    expect((await ctx.request("/api/user/show", { token: second })).status).toBe(401);
    expect((await postJson(ctx, "/api/login", { username: account.username, password: "MatKhauMoi1" })).status).toBe(200);
  });

  test("wrong old passwords are limited per account: the sixth try within the hour is refused unchecked, even from another session", async () => {
    const { token, account } = await createVerifiedUser(ctx);
    const other = (await postJson(ctx, "/api/login", { username: account.username, password: account.password }, { ip: "10.30.0.2" })).body
      .data.access_token;
    const change = (old_password: string, session = token, lang?: "en") =>
      postJson(ctx, "/api/user/change-password", { old_password, new_password: "MatKhauMoi1" }, { token: session, lang });
    for (let i = 0; i < 5; i += 1) expect((await change(`SaiMatKhau${i}`)).status).toBe(422);
    const refused = await change(account.password);
    expect(refused.status).toBe(429);
    expect(refused.body.data.retry_after).toBe(3600);
    expect(refused.body.errors.message).toEqual([
      "Bạn đã nhập sai mật khẩu cũ quá nhiều lần. Vui lòng thử lại sau 60 phút, hoặc đăng xuất và dùng “Quên mật khẩu”",
    ]);
    expect((await change(account.password, other, "en")).body.errors.message).toEqual([
      "Too many wrong old passwords. Please wait 60 min and try again, or sign out and use “Forgot password”",
    ]);
    ctx.setNow(new Date(ctx.deps.now().getTime() + 3600 * 1000));
    expect((await change(account.password)).status).toBe(200);
  });

  test("upgrade-account sets the waiting flag, and asking twice changes nothing", async () => {
    const { token } = await createVerifiedUser(ctx);
    const first = await postJson(ctx, "/api/user/upgrade-account", {}, { token });
    expect(first.body.data.is_waiting_for_upgrade).toBe(true);
    const second = await postJson(ctx, "/api/user/upgrade-account", {}, { token });
    expect(second.body.data).toEqual(first.body.data);
  });

  test("channels: every channel by default, only the staff-enabled ones when restricted", async () => {
    const { token, user } = await createVerifiedUser(ctx);
    const all = await (await ctx.request("/api/channel")).json();
    expect(all.data.data).toHaveLength(15);
    expect(all.data.data[0]).toEqual({ id: 1, name: "Facebook", slug: "facebook", color: "#1877F2", group: "social" });
    expect((await (await ctx.request("/api/channel-user", { token })).json()).data.data).toHaveLength(15);
    await ctx.handle.db
      .insertInto("user_channels")
      .values([
        { user_id: user.id, channel_id: 2 },
        { user_id: user.id, channel_id: 5 },
      ])
      .execute();
    const mine = await (await ctx.request("/api/channel-user", { token })).json();
    expect(mine.data.data.map((c: { slug: string }) => c.slug)).toEqual(["news", "youtube"]);
  });
});

describe("avatar upload", () => {
  test("a real PNG is stored and served back with its type, inert", async () => {
    const { token } = await createVerifiedUser(ctx);
    const res = await upload(token, PNG, "me.png", "image/png");
    expect(res.status).toBe(200);
    const url = (await res.json()).data.avatar_url as string;
    expect(url).toMatch(/^\/api\/avatar\/[0-9a-f]{32}$/);
    const image = await ctx.request(url);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    // Opened as a page, the picture runs in a sandbox: its own policy, not the API-wide one.
    expect(image.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
  });

  test("a text file named .png is refused by its content", async () => {
    const { token } = await createVerifiedUser(ctx);
    const res = await upload(token, new TextEncoder().encode("<script>alert(1)</script>"), "fake.png", "image/png");
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ avatar: ["Chỉ chấp nhận ảnh JPEG, PNG hoặc WebP"] });
  });

  test("files over 2 MB are refused", async () => {
    const { token } = await createVerifiedUser(ctx);
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG);
    const res = await upload(token, big, "big.png", "image/png");
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ avatar: ["Ảnh không được lớn hơn 2 MB"] });
  });

  test("a new upload replaces the old picture", async () => {
    const { token } = await createVerifiedUser(ctx);
    const first = (await (await upload(token, PNG, "a.png", "image/png")).json()).data.avatar_url;
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
    const second = (await (await upload(token, jpeg, "b.jpg", "image/jpeg")).json()).data.avatar_url;
    expect(second).not.toBe(first);
    expect((await ctx.request(first)).status).toBe(404);
    expect((await ctx.request(second)).headers.get("content-type")).toBe("image/jpeg");
  });
});
