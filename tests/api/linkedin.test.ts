import { afterAll, beforeAll, expect, test } from "vitest";
import { loadConfig } from "../../src/server/config.ts";
import { collectLinkedin } from "../../src/server/services/connections/index.ts";
import { CHANNEL_ID } from "../../src/shared/channels.ts";
import { MENTION_TYPE } from "../../src/shared/mention.ts";
import { LINKEDIN, LINKEDIN_SECRET, startLinkedinServer } from "../factories/linkedin-server.ts";
import { createTenant, SITE_URL, type Tenant } from "../factories/meta-connection.ts";
import { listedMentions } from "../factories/connection-listing.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";

// Issue 36, LinkedIn: a member connects the organisations it administers; their posts and comments are the project's
// mentions, the connecting account's alone; 429 pauses, 401 fails with LinkedIn's message.
let ctx: TestContext;
let linkedin: Awaited<ReturnType<typeof startLinkedinServer>>;
let a: Tenant;
let b: Tenant;

const PERIOD = { type_time: "custom", start_date: "2026-11-01", end_date: "2026-11-21" };
const [HIRING, , FARM] = LINKEDIN.posts;
const [APPLIED, PART_TIME] = LINKEDIN.comments[HIRING.id];

const linkedinConfig = (url: string) =>
  loadConfig({
    NODE_ENV: "test",
    TRUST_PROXY: "1",
    SITE_URL,
    LINKEDIN_CLIENT_ID: "86linkedinNghe",
    LINKEDIN_CLIENT_SECRET: LINKEDIN_SECRET,
    LINKEDIN_API_URL: url,
    LINKEDIN_OAUTH_URL: `${url}/oauth/v2/authorization`,
    CONNECTIONS_KEY: Buffer.alloc(32, 12).toString("base64"),
  });

type Listed = { channel_id: number; mention_type: number; content: string };
const mentions = (tenant: Tenant) => listedMentions<Listed>(ctx, tenant, PERIOD);
async function linkedinConnection(tenant: Tenant) {
  const res = await ctx.request(`/api/connections?project_id=${tenant.projectId}`, { token: tenant.token });
  expect(res.status).toBe(200);
  const data = (await res.json()).data as {
    providers: { provider: string; configured: boolean }[];
    connections: {
      id: number;
      provider: string;
      state: string;
      reason: string | null;
      external_user_name: string;
      sources: { kind: string; name: string; backfill_done: boolean }[];
    }[];
  };
  return { providers: data.providers, connection: data.connections.find((c) => c.provider === "linkedin") };
}
const requestsTo = (path: string) => linkedin.requests.filter((r) => new URL(r.url, "http://x").pathname === path);

async function connect(tenant: Tenant) {
  const res = await ctx.request(`/api/connections/linkedin/start?project_id=${tenant.projectId}`, { token: tenant.token });
  expect(res.status).toBe(302);
  const page = new URL(res.headers.get("location")!);
  const back = await ctx.request(
    `/api/connections/linkedin/callback?${new URLSearchParams({ code: LINKEDIN.code, state: page.searchParams.get("state")! })}`,
  );
  return { page, back };
}

beforeAll(async () => {
  linkedin = await startLinkedinServer();
  ctx = await createTestContext({ config: linkedinConfig(linkedin.url) });
  a = await createTenant(ctx, "Trà Sữa Mây", ["Trà Sữa Mây"]);
  b = await createTenant(ctx, "Quán quận Thủ Đức", ["Thủ Đức"]);
});
afterAll(async () => {
  await ctx?.close();
  await linkedin?.close();
});

test("connect: the Community Management scopes, the code for a token, the organisations the member administers", async () => {
  expect((await linkedinConnection(a)).providers).toContainEqual({ provider: "linkedin", configured: true });
  const { page, back } = await connect(a);
  expect(page.searchParams.get("scope")).toBe("r_organization_social rw_organization_admin");
  expect(page.searchParams.get("redirect_uri")).toBe(`${SITE_URL}/api/connections/linkedin/callback`);
  expect(back.headers.get("location")).toBe(`/project-setting/connections?project_id=${a.projectId}&connection=connected`);
  expect(new URLSearchParams(requestsTo("/oauth/v2/accessToken")[0].body).get("grant_type")).toBe("authorization_code");
  expect(requestsTo("/rest/organizationAcls")[0].headers["linkedin-version"]).toMatch(/^\d{6}$/);
  const { connection } = await linkedinConnection(a);
  expect(connection).toMatchObject({ state: "connected", external_user_name: "Trà Sữa Mây" });
  expect(connection?.sources).toMatchObject([{ kind: "linkedin_organization", name: "Trà Sữa Mây", backfill_done: false }]);
  const stored = await ctx.handle.db.selectFrom("connections").select("access_token").executeTakeFirstOrThrow();
  expect(stored.access_token).not.toContain(LINKEDIN.accessToken);
});

test("a round: the organisation's posts and their comments are the project's mentions on LinkedIn, only a's", async () => {
  expect(await collectLinkedin(ctx.deps)).toMatchObject({ organizations: 1 });
  // Posts by author, paged with start/count.
  expect(new URL(requestsTo("/rest/posts")[0].url, "http://x").searchParams.get("author")).toBe(LINKEDIN.organization.urn);
  const listed = await mentions(a);
  const byContent = (text: string) => listed.find((m) => m.content === text);
  expect(byContent(FARM.commentary)).toMatchObject({ channel_id: CHANNEL_ID.linkedin, mention_type: MENTION_TYPE.post });
  expect(byContent(APPLIED.message.text)).toMatchObject({ channel_id: CHANNEL_ID.linkedin, mention_type: MENTION_TYPE.comment });
  const stored = await ctx.handle.db
    .selectFrom("documents")
    .select(["external_id", "account_id", "likes", "parent_external_id", "author_id"])
    .where("channel", "=", CHANNEL_ID.linkedin)
    .execute();
  expect(stored.every((d) => d.account_id === a.userId)).toBe(true);
  expect(stored.find((d) => d.external_id === PART_TIME.$URN)).toMatchObject({
    likes: 1,
    parent_external_id: HIRING.id,
    author_id: PART_TIME.actor,
  });

  const others = (await mentions(b)).map((m) => m.content);
  expect(others).not.toContain(HIRING.commentary);
  expect((await ctx.request(`/api/connections/linkedin/start?project_id=${a.projectId}`, { token: b.token })).status).toBe(404);
});

test("429 pauses the connection; 401 marks it failing with LinkedIn's message", async () => {
  linkedin.flags.throttled = true;
  await collectLinkedin(ctx.deps);
  expect((await linkedinConnection(a)).connection).toMatchObject({ state: "paused" });
  expect((await linkedinConnection(a)).connection?.reason).toContain("429");
  linkedin.flags.throttled = false;
  ctx.setNow(new Date(ctx.deps.now().getTime() + 16 * 60_000));

  linkedin.flags.revoked = true;
  await collectLinkedin(ctx.deps);
  const { connection } = await linkedinConnection(a);
  expect(connection?.state).toBe("failing");
  expect(connection?.reason).toBe("LinkedIn 401 65601: The token used in the request has been revoked by the user");
  expect((await collectLinkedin(ctx.deps)).organizations).toBe(0);
});
