import { afterAll, beforeAll, expect, test } from "vitest";
import { backfillFollowedPages, pollFollowedPages } from "../../src/server/services/connections/index.ts";
import { PUBLIC_PAGES_MAX } from "../../src/shared/schemas/connections.ts";
import { callback, connectionsOf, createTenant, metaConfig, startState, type Tenant } from "../factories/meta-connection.ts";
import { META, startMetaServer } from "../factories/meta-server.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";

// Public Pages the customer does not manage (issue 35): followed only where Meta granted Page Public Content Access.
let ctx: TestContext;
let meta: Awaited<ReturnType<typeof startMetaServer>>;
let a: Tenant;
let b: Tenant;
let connectionId: number;

const PUBLIC = META.publicPage;
const KEYWORD_POST = PUBLIC.feed[1];

const add = (tenant: Tenant, page: string, id = connectionId, projectId = tenant.projectId) =>
  ctx.request(`/api/connections/${id}/public-pages`, { method: "POST", token: tenant.token, json: { project_id: projectId, page } });

beforeAll(async () => {
  meta = await startMetaServer();
  ctx = await createTestContext({ config: metaConfig(meta.url, { META_PUBLIC_CONTENT: "on" }) });
  a = await createTenant(ctx, "Cà Phê Sáng", ["Cà Phê Sáng Quận 1"]);
  b = await createTenant(ctx, "Cà Phê Sáng Quận 1", ["Cà Phê Sáng Quận 1"]);
  await callback(ctx, { code: META.code, state: await startState(ctx, a) });
  [{ id: connectionId }] = await connectionsOf(ctx, a);
});
afterAll(async () => {
  await ctx?.close();
  await meta?.close();
});

test("a public Page pasted by its address is followed, its posts mentions only where the keywords match", async () => {
  const listed = await (await ctx.request(`/api/connections?project_id=${a.projectId}`, { token: a.token })).json();
  expect(listed.data.providers[0]).toEqual({ provider: "meta", configured: true, public_pages: true });

  const res = await add(a, `https://www.facebook.com/${PUBLIC.username}/?ref=page_internal`);
  expect(res.status).toBe(200);
  expect((await res.json()).data).toMatchObject({ external_id: PUBLIC.id, name: PUBLIC.name });
  const [connection] = await connectionsOf(ctx, a);
  expect(connection.sources.find((s) => s.external_id === PUBLIC.id)).toMatchObject({ followed: true });
  // The Page was looked up with the user's token: a public Page gives no token of its own.
  const lookup = meta.requests.find((r) => r.url.startsWith(`/${PUBLIC.username}?`))!;
  expect(new URL(lookup.url, meta.url).searchParams.get("access_token")).toBe(META.longToken);

  // Both posts are stored in the account's scope; only the one naming the brand is the project's mention.
  expect(await backfillFollowedPages(ctx.deps)).toEqual({ pages: 1, documents: 2 });
  const documents = await ctx.handle.db
    .selectFrom("documents")
    .innerJoin("mentions", "mentions.document_id", "documents.id")
    .select(["documents.external_id", "documents.account_id", "documents.likes", "mentions.project_id"])
    .execute();
  expect(documents).toEqual([{ external_id: KEYWORD_POST.id, account_id: a.userId, likes: 87, project_id: a.projectId }]);
  // Meta gives no comment ids on public Pages: none are asked for, and the Page's tags are not the customer's.
  expect(meta.requests.some((r) => r.url.includes("/comments") || r.url.includes("/tagged"))).toBe(false);

  // Polled again later: nothing counted twice.
  expect((await pollFollowedPages(ctx.deps)).documents).toBe(0);
});

test("what cannot name a Page, or a Page Meta does not know, is refused on the field", async () => {
  const group = await add(a, "https://www.facebook.com/groups/reviewcaphesaigon");
  expect(group.status).toBe(422);
  expect((await group.json()).errors.page[0]).toContain("facebook.com");
  const unknown = await add(a, "trangkhongtontai2026");
  expect(unknown.status).toBe(422);
  expect((await unknown.json()).errors.page[0]).toBe("Meta không tìm thấy Trang công khai này");
});

test("another account can neither add to the connection nor see its public Page", async () => {
  expect((await add(b, PUBLIC.username, connectionId, b.projectId)).status).toBe(404);
  expect((await add(b, PUBLIC.username, connectionId, a.projectId)).status).toBe(404);
  expect(await connectionsOf(ctx, b)).toEqual([]);
});

test(`at most ${PUBLIC_PAGES_MAX} public Pages per connection`, async () => {
  const existing = await connectionsOf(ctx, a);
  const rows = Array.from({ length: PUBLIC_PAGES_MAX - 1 }, (_, n) => ({
    connection_id: connectionId,
    account_id: a.userId,
    project_id: a.projectId,
    kind: "public_page" as const,
    external_id: `1000648712300${n}`,
    name: `Trang ${n}`,
    created_at: new Date(),
  }));
  expect(existing[0].sources.filter((s) => s.external_id === PUBLIC.id)).toHaveLength(1);
  await ctx.handle.db.insertInto("connection_sources").values(rows).execute();
  const refused = await add(a, PUBLIC.username);
  expect(refused.status).toBe(422);
  expect((await refused.json()).errors.page[0]).toContain(String(PUBLIC_PAGES_MAX));
});

test("without Page Public Content Access the server says so and follows no public Page", async () => {
  const plain = await createTestContext({ config: metaConfig(meta.url) });
  try {
    const c = await createTenant(plain, "Cà Phê Sáng", ["Cà Phê Sáng Quận 1"]);
    await callback(plain, { code: META.code, state: await startState(plain, c) });
    const listed = await (await plain.request(`/api/connections?project_id=${c.projectId}`, { token: c.token })).json();
    expect(listed.data.providers[0]).toEqual({ provider: "meta", configured: true, public_pages: false });
    const [{ id }] = await connectionsOf(plain, c);
    const res = await plain.request(`/api/connections/${id}/public-pages`, {
      method: "POST",
      token: c.token,
      json: { project_id: c.projectId, page: PUBLIC.username },
    });
    expect(res.status).toBe(409);
  } finally {
    await plain.close();
  }
});
