import { afterAll, beforeAll, expect, test } from "vitest";
import { findDbCommand } from "../../src/server/cli/db-commands.ts";
import { markFailing } from "../../src/server/services/connections/mark-failing.ts";
import { pauseConnection } from "../../src/server/services/connections/pause-connection.ts";
import { storeConnection } from "../../src/server/services/connections/store-connection.ts";
import { createTenant, metaConfig } from "../factories/meta-connection.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ config: metaConfig("http://127.0.0.1:9") });
});
afterAll(() => ctx.close());

const connect = async (provider: "meta" | "threads", user: string) => {
  const tenant = await createTenant(ctx, `Cà phê ${user}`, [`cà phê ${user}`]);
  const grant = { accountId: tenant.userId, projectId: tenant.projectId, user: { id: user, name: user }, expiresAt: null };
  return storeConnection(ctx.deps, provider, { ...grant, accessToken: `bí-mật-${user}` });
};

test("status tells staff each provider's connections by state and why the failing and paused ones stopped, never a token", async () => {
  await connect("meta", "trung-nguyen");
  const failing = await connect("meta", "highlands");
  const paused = await connect("threads", "phuc-long");
  await markFailing(ctx.deps, failing, "Error validating access token: The user has not authorized application.");
  await pauseConnection(ctx.deps, paused, { usedPercent: 95, regainMinutes: 30 }, "usage headers near Meta's limit");

  const result = await findDbCommand("status")!.run(ctx.deps, [], "");
  expect(result.exitCode).toBe(0);
  expect(result.stdout).not.toContain("bí-mật");
  const { connections } = JSON.parse(result.stdout);
  expect(connections.providers).toEqual({ meta: { connected: 1, failing: 1 }, threads: { paused: 1 } });
  expect(connections.attention).toEqual([
    expect.objectContaining({ id: failing, provider: "meta", state: "failing", reason: expect.stringContaining("not authorized") }),
    expect.objectContaining({ id: paused, provider: "threads", state: "paused", paused_until: "2026-11-21T03:30:00.000Z" }),
  ]);
});
