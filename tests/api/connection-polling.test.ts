import { afterAll, beforeAll, expect, test } from "vitest";
import { backfillFollowedPages, pollFollowedPages } from "../../src/server/services/connections/index.ts";
import { POLL_EVERY_MS } from "../../src/server/services/connections/poll-followed-pages.ts";
import {
  callback,
  connectionsOf,
  createTenant,
  followPage,
  metaConfig,
  signedDelivery,
  startState,
  type Tenant,
} from "../factories/meta-connection.ts";
import { META, startMetaServer } from "../factories/meta-server.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";

let ctx: TestContext;
let meta: Awaited<ReturnType<typeof startMetaServer>>;
let a: Tenant;

const [PAGE] = META.pages;
const [POST] = META.feed;
const [TAGGED] = META.tagged;

const connection = async () => (await connectionsOf(ctx, a))[0];
const stored = (externalId: string) =>
  ctx.handle.db
    .selectFrom("documents")
    .select(["likes", "comments", "shares", "account_id"])
    .where("external_id", "=", externalId)
    .execute();
const reads = (path: string) => meta.requests.filter((r) => r.url.startsWith(path)).length;
const later = (ms: number) => ctx.setNow(new Date(ctx.deps.now().getTime() + ms));

beforeAll(async () => {
  meta = await startMetaServer();
  ctx = await createTestContext({ config: metaConfig(meta.url) });
  a = await createTenant(ctx, "Cà Phê Sáng", ["Cà Phê Sáng Quận 1"]);
  await callback(ctx, { code: META.code, state: await startState(ctx, a) });
  await followPage(ctx, a, PAGE.id);
  await backfillFollowedPages(ctx.deps);
});
afterAll(async () => {
  await ctx?.close();
  await meta?.close();
});

test("once backfilled, a page is read again every quarter hour: tagged posts are new, counters replace the stored ones", async () => {
  POST.reactions.summary.total_count = 60;
  expect(await pollFollowedPages(ctx.deps)).toEqual({ pages: 1, documents: 1 });
  // The post that tagged the page is the project's mention, private to its account.
  expect(await stored(TAGGED.id)).toEqual([{ likes: 0, comments: 0, shares: 0, account_id: a.userId }]);
  // The post's reactions went from 48 to 60: one document, its count replaced, not added.
  expect(await stored(POST.id)).toEqual([{ likes: 60, comments: 3, shares: 5, account_id: a.userId }]);

  const feedReads = reads(`/${PAGE.id}/feed`);
  expect(await pollFollowedPages(ctx.deps)).toEqual({ pages: 0, documents: 0 });
  later(POLL_EVERY_MS);
  expect(await pollFollowedPages(ctx.deps)).toEqual({ pages: 1, documents: 0 });
  expect(reads(`/${PAGE.id}/feed`)).toBe(feedReads + 1);
});

test("a `mention` webhook, which carries no text, has the page read at the next round", async () => {
  expect(await pollFollowedPages(ctx.deps)).toEqual({ pages: 0, documents: 0 });
  const change = { field: "mention", value: { post_id: TAGGED.id, sender_id: TAGGED.from.id, item: "post", verb: "add" } };
  const res = await ctx.request("/api/webhooks/meta", signedDelivery({ object: "page", entry: [{ id: PAGE.id, changes: [change] }] }));
  expect((await res.json()).data).toEqual({ documents: 0 });
  expect(await pollFollowedPages(ctx.deps)).toEqual({ pages: 1, documents: 0 });
});

test("near Meta's limit, the connection pauses for the wait Meta announces, then resumes by itself", async () => {
  later(POLL_EVERY_MS);
  meta.flags.usage = { call_count: 93, total_cputime: 20, total_time: 41, estimated_time_to_regain_access: 25 };
  try {
    expect(await pollFollowedPages(ctx.deps)).toEqual({ pages: 1, documents: 0 });
  } finally {
    meta.flags.usage = null;
  }
  const paused = await connection();
  expect(paused.state).toBe("paused");
  expect(paused.paused_until).toBe(new Date(ctx.deps.now().getTime() + 25 * 60_000).toISOString());

  later(POLL_EVERY_MS);
  expect(await pollFollowedPages(ctx.deps)).toEqual({ pages: 0, documents: 0 });
  later(10 * 60_000);
  expect(await pollFollowedPages(ctx.deps)).toEqual({ pages: 1, documents: 0 });
  expect(await connection()).toMatchObject({ state: "connected", paused_until: null, reason: null });
});

test("throttled by Meta (code 80001), the connection pauses at least a quarter hour and keeps its mentions", async () => {
  later(POLL_EVERY_MS);
  const before = await ctx.handle.db
    .selectFrom("documents")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  meta.flags.throttled = true;
  try {
    expect(await pollFollowedPages(ctx.deps)).toEqual({ pages: 1, documents: 0 });
  } finally {
    meta.flags.throttled = false;
  }
  const paused = await connection();
  expect(paused).toMatchObject({ state: "paused", paused_until: new Date(ctx.deps.now().getTime() + 15 * 60_000).toISOString() });
  expect(paused.reason).toContain("80001");
  const after = await ctx.handle.db
    .selectFrom("documents")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  expect(Number(after.n)).toBe(Number(before.n));
  // The backfill waits as well.
  expect(await backfillFollowedPages(ctx.deps)).toEqual({ pages: 0, documents: 0 });
});
