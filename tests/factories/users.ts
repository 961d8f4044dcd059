import type { TestContext } from "./test-app.ts";

let counter = 0;

export function newAccount(overrides: Record<string, string> = {}) {
  counter += 1;
  const n = String(counter).padStart(3, "0");
  return {
    username: `nguyen_an${n}`,
    full_name: "Nguyễn Văn An",
    phone: `0912345${n}`,
    company: "Công ty Cổ phần Sữa Việt Nam",
    email: `an${n}@vinamilk.com.vn`,
    password: "MatKhau2026",
    ...overrides,
  };
}

/** The code in the latest text message sent to a phone, read from the outbox as staff would. */
export async function latestOtp(ctx: TestContext, phone: string): Promise<string> {
  const message = await ctx.handle.db
    .selectFrom("outbox_messages")
    .select("body")
    .where("recipient", "=", phone)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return /\b(\d{6})\b/.exec(message.body)![1];
}

export async function postJson(
  ctx: TestContext,
  path: string,
  json: unknown,
  init: { token?: string; lang?: "vi" | "en"; ip?: string } = {},
) {
  const res = await ctx.request(path, { method: "POST", json, ...init });
  return { status: res.status, body: (await res.json()) as { code: number; data: any; errors: Record<string, string[]> } };
}

/** Registers, verifies with the texted code and returns the session (moves the clock past the resend cooldown). */
export async function createVerifiedUser(ctx: TestContext, overrides: Record<string, string> = {}) {
  const account = newAccount(overrides);
  // Each account registers from its own address so per-address limits stay out of unrelated tests.
  const ip = `10.0.${Math.floor(counter / 250)}.${counter % 250}`;
  const registered = await postJson(ctx, "/api/register", account, { ip });
  if (registered.status !== 200) throw new Error(JSON.stringify(registered.body));
  const verified = await postJson(
    ctx,
    "/api/verify-registration",
    { phone: account.phone, otp: await latestOtp(ctx, account.phone) },
    { ip },
  );
  if (verified.status !== 200) throw new Error(JSON.stringify(verified.body));
  return { account, token: verified.body.data.access_token as string, user: verified.body.data.user };
}
