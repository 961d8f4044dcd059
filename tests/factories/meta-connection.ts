import { createHmac } from "node:crypto";
import { loadConfig } from "../../src/server/config.ts";
import type { TestContext } from "./test-app.ts";
import { createVerifiedUser } from "./users.ts";

export const META_SECRET = "meta-secret-nghe";
export const META_VERIFY_TOKEN = "nghe-xac-minh-2026";
export const SITE_URL = "https://nghe.example.vn";

/** The configuration of a server with a Meta app whose Graph API is the local stand-in. */
export const metaConfig = (graphUrl: string, env: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: "test",
    TRUST_PROXY: "1",
    SITE_URL,
    META_APP_ID: "123456789012345",
    META_APP_SECRET: META_SECRET,
    META_VERIFY_TOKEN,
    META_GRAPH_URL: graphUrl,
    CONNECTIONS_KEY: Buffer.alloc(32, 7).toString("base64"),
    ...env,
  });

export type Tenant = { token: string; userId: number; projectId: number };

/** A verified account with its brand project (and competitors). */
export async function createTenant(
  ctx: TestContext,
  name: string,
  keywords: string[],
  competitors: { name: string; keywords: string[] }[] = [],
): Promise<Tenant> {
  const { token, user } = await createVerifiedUser(ctx);
  const res = await ctx.request("/api/project", { method: "POST", token, json: { brand_id: 0, name, keywords, competitors } });
  const created = await res.json();
  if (created.code !== 200) throw new Error(JSON.stringify(created));
  return { token, userId: user.id, projectId: created.data.id };
}

/** The state the start of a connection (for the tenant's brand unless said otherwise) sends to Meta's login dialog. */
export async function startState(ctx: TestContext, tenant: Tenant, projectId = tenant.projectId): Promise<string> {
  const res = await ctx.request(`/api/connections/meta/start?project_id=${projectId}`, { token: tenant.token });
  if (res.status !== 302) throw new Error(`start answered ${res.status}: ${await res.text()}`);
  return new URL(res.headers.get("location")!).searchParams.get("state")!;
}

/** Meta sending the browser back with a code. */
export const callback = (ctx: TestContext, query: Record<string, string>) =>
  ctx.request(`/api/connections/meta/callback?${new URLSearchParams(query)}`);

/** A delivery as Meta signs it: X-Hub-Signature-256 over the raw body with the app secret. */
export function signedDelivery(body: unknown, secret = META_SECRET) {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  const signature = `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;
  return { method: "POST", body: raw, headers: { "content-type": "application/json", "x-hub-signature-256": signature } };
}

/** The project's connections with their sources, as the screen reads them. */
export async function connectionsOf(ctx: TestContext, tenant: Tenant, projectId = tenant.projectId) {
  const res = await ctx.request(`/api/connections?project_id=${projectId}`, { token: tenant.token });
  if (res.status !== 200) throw new Error(`connections answered ${res.status}: ${await res.text()}`);
  return (await res.json()).data.connections as {
    id: number;
    state: string;
    expires_at: string | null;
    failing_since: string | null;
    paused_until: string | null;
    reason: string | null;
    sources: { id: number; external_id: string; followed: boolean }[];
  }[];
}

/** Follows a page (Meta's id) of the project's connection; the connection's id. */
export async function followPage(ctx: TestContext, tenant: Tenant, pageId: string, projectId = tenant.projectId): Promise<number> {
  const [connection] = await connectionsOf(ctx, tenant, projectId);
  const page = connection.sources.find((s) => s.external_id === pageId)!;
  const res = await ctx.request("/api/connections/sources/follow", {
    method: "POST",
    token: tenant.token,
    json: { project_id: projectId, source_ids: [page.id], followed: true },
  });
  if (res.status !== 200) throw new Error(await res.text());
  return connection.id;
}

/** A `feed` change of a page's webhook delivery: a post, comment, reply or reaction. */
export const feedChange = (value: Record<string, unknown>) => ({ field: "feed", value });
export const feedDelivery = (pageId: string, changes: unknown[]) => ({
  object: "page",
  entry: [{ id: pageId, time: 1_795_136_400, changes }],
});
