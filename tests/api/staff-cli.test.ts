import { afterAll, beforeAll, expect, test } from "vitest";
import { findDbCommand } from "../../src/server/cli/db-commands.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser, postJson } from "../factories/users.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const run = (...args: string[]) => findDbCommand("user")!.run(ctx.deps, args, "");

test("user list shows accounts with their plan", async () => {
  const { account } = await createVerifiedUser(ctx);
  const result = await run("list");
  expect(result.exitCode).toBe(0);
  const rows = result.stdout
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  expect(rows.find((r) => r.username === account.username)).toMatchObject({ account_type: "trial", is_waiting_for_upgrade: false });
});

test("approve-upgrade makes the account contracted and clears the pending request", async () => {
  const { account, token } = await createVerifiedUser(ctx);
  await postJson(ctx, "/api/user/upgrade-account", {}, { token });
  expect((await run("approve-upgrade", account.username)).exitCode).toBe(0);
  const user = (await (await ctx.request("/api/user/show", { token })).json()).data;
  expect(user).toMatchObject({ account_type: 1, is_waiting_for_upgrade: false });
});

test("set-type locked signs the account out and revokes its API keys for good; trial lets it sign in again", async () => {
  const { account, token } = await createVerifiedUser(ctx);
  const key = JSON.parse((await findDbCommand("apikey")!.run(ctx.deps, ["create", account.username, "crawler"], "")).stdout.split("\n")[0])
    .key as string;
  const ingestStatus = async () =>
    (await ctx.request("/api/ingest", { method: "POST", json: { documents: [] }, headers: { "x-api-key": key } })).status;
  expect(await ingestStatus()).not.toBe(401);

  const locked = await run("set-type", account.username, "locked");
  expect(locked.exitCode).toBe(0);
  expect(locked.stdout).toContain("sessions and API keys revoked");
  expect((await ctx.request("/api/user/show", { token })).status).toBe(401);
  expect(await ingestStatus()).toBe(401);

  expect((await run("set-type", account.username, "trial")).exitCode).toBe(0);
  expect((await ctx.request("/api/user/show", { token })).status).toBe(401);
  expect(await ingestStatus()).toBe(401);
  expect((await postJson(ctx, "/api/login", { username: account.username, password: account.password })).status).toBe(200);
  expect((await run("set-type", account.username, "vip")).exitCode).toBe(2);
  expect((await run("set-type", account.username, "constructor")).exitCode).toBe(2);
});

test("outbox shows the texts sent to the account", async () => {
  const { account } = await createVerifiedUser(ctx);
  const rows = (await run("outbox", account.username)).stdout
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  expect(rows[0]).toMatchObject({ channel: "sms", recipient: account.phone, status: "sent" });
  expect(rows[0].body).toMatch(/\d{6}/);
});

test("set-channels restricts the dashboard's channels; all restores them", async () => {
  const { account, token } = await createVerifiedUser(ctx);
  expect((await run("set-channels", account.username, "1,2,14")).exitCode).toBe(0);
  const mine = async () => (await (await ctx.request("/api/channel-user", { token })).json()).data.data.map((c: { id: number }) => c.id);
  expect(await mine()).toEqual([1, 2, 14]);
  expect((await run("set-channels", account.username, "1,99")).exitCode).toBe(2);
  await run("set-channels", account.username, "all");
  expect(await mine()).toHaveLength(15);
});

test("unknown usernames fail with a message", async () => {
  const result = await run("approve-upgrade", "khong_co");
  expect(result.exitCode).toBe(1);
  expect(result.stderr).toContain("No account");
});
