import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { findDbCommand } from "../../src/server/cli/db-commands.ts";
import { runDbCommand } from "../../src/server/cli/run-db-command.ts";
import { loadConfig } from "../../src/server/config.ts";
import { localServer } from "../factories/local-server.ts";
import { createReportAccount } from "../factories/report-accounts.ts";
import { smtpInbox } from "../factories/smtp-inbox.ts";
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

describe("a staff command that sends, run in its own process (as on PostgreSQL)", () => {
  const MAIL_ENV = { MAIL_FROM: "Nghe <no-reply@nghe.test>", SALES_EMAIL: "sales@nghe.test" };
  const report = findDbCommand("report")!;

  test("refuses without the server's mail, SMS and address, names each missing setting, and never reaches the database", async () => {
    // Nothing listens on port 9: a command that went on would fail to connect instead of answering.
    const env = { DATABASE_URL: "postgres://nghe@127.0.0.1:9/nowhere" };
    const refused = await runDbCommand(loadConfig(env), report, ["send", "1", "weekly"], "", env);
    expect(refused.exitCode).toBe(1);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toContain("Not sent: `report` runs in this shell, with this shell's settings, not the server's.");
    expect(refused.stderr).toContain("SMTP_URL is not set: e-mails would only be printed here.");
    expect(refused.stderr).toContain("SMS_PROVIDER is not http: text messages would only be printed here.");
    expect(refused.stderr).toContain("SITE_URL is not set: links would point at http://localhost:4321.");
    expect(refused.stderr).toContain("--dry-run");
    const detect = await runDbCommand(loadConfig(env), findDbCommand("crisis")!, ["detect"], "", env);
    expect(detect).toMatchObject({ exitCode: 1, stderr: expect.stringContaining("Not sent: `crisis` runs in this shell") });
  });

  test.runIf(process.env.NGHE_TEST_DB === "postgres")(
    "on PostgreSQL it records nothing when refused, and with the server's settings the mail and SMS go out with the server's links",
    async () => {
      const inbox = await smtpInbox();
      const gateway = await localServer((_req, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end('{"code":0}');
      });
      try {
        const account = await createReportAccount(ctx, {
          name: "Cà phê Núi",
          keywords: ["Cà phê Núi"],
          emails: ["brand@caphenui.vn"],
          phones: ["0912777888"],
          timeReports: ["weekly"],
        });
        const databaseUrl = (ctx.handle.pool.options as { connectionString: string }).connectionString;
        const shell = { DATABASE_URL: databaseUrl };
        const refused = await runDbCommand(loadConfig(shell), report, ["send", String(account.brandId), "weekly"], "", shell);
        expect(refused.exitCode).toBe(1);
        const deliveries = () =>
          ctx.handle.db.selectFrom("report_deliveries").select(["status"]).where("project_id", "=", account.brandId).execute();
        expect(await deliveries()).toEqual([]);

        const server = {
          ...shell,
          ...MAIL_ENV,
          SMTP_URL: inbox.url,
          SMS_PROVIDER: "http",
          SMS_HTTP_URL: `${gateway.url}/send`,
          SMS_HTTP_KEY: "gateway-key",
          SITE_URL: "https://nghe.example.vn",
        };
        const sent = await runDbCommand(loadConfig(server), report, ["send", String(account.brandId), "weekly"], "", server);
        expect(sent).toMatchObject({ exitCode: 0, stdout: expect.stringContaining("sent, 2 recipients reached") });
        expect(await deliveries()).toEqual([{ status: "sent" }]);
        expect(inbox.received.map((m) => m.to)).toEqual([["brand@caphenui.vn"]]);
        expect(JSON.parse(gateway.requests[0].body).message).toContain("https://nghe.example.vn/r/");
      } finally {
        await inbox.close();
        await gateway.close();
      }
    },
  );
});
