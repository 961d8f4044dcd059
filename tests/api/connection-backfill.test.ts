import { afterAll, beforeAll, expect, test } from "vitest";
import { MENTION_TYPE } from "../../src/shared/mention.ts";
import { backfillFollowedPages } from "../../src/server/services/connections/index.ts";
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

const [PAGE, OTHER_PAGE] = META.pages;
const POSTS = META.feed.map((p) => p.id);

const sourceOf = (externalId: string) =>
  ctx.handle.db
    .selectFrom("connection_sources")
    .select(["backfill_cursor", "backfill_collected", "backfill_done"])
    .where("external_id", "=", externalId)
    .executeTakeFirstOrThrow();
const follow = (externalId: string) => followPage(ctx, a, externalId);
const connection = async () => (await connectionsOf(ctx, a))[0];

beforeAll(async () => {
  meta = await startMetaServer();
  ctx = await createTestContext({ config: metaConfig(meta.url) });
  a = await createTenant(ctx, "Cà Phê Sáng", ["Cà Phê Sáng Quận 1"]);
  await callback(ctx, { code: META.code, state: await startState(ctx, a) });
  await follow(PAGE.id);
});
afterAll(async () => {
  await ctx?.close();
  await meta?.close();
});

test("the backfill reads a followed page's feed from its saved cursor, each post a mention of the project", async () => {
  // Two posts, and the three comments and replies of the first, read in two lists.
  expect(await backfillFollowedPages(ctx.deps, { feedPagesPerPage: 1 })).toEqual({ pages: 1, documents: 5 });
  expect(await sourceOf(PAGE.id)).toEqual({ backfill_cursor: "2", backfill_collected: 5, backfill_done: false });
  expect(await backfillFollowedPages(ctx.deps, { feedPagesPerPage: 1 })).toEqual({ pages: 1, documents: 1 });
  expect(await sourceOf(PAGE.id)).toEqual({ backfill_cursor: null, backfill_collected: 6, backfill_done: true });
  expect(await backfillFollowedPages(ctx.deps)).toEqual({ pages: 0, documents: 0 });

  const documents = await ctx.handle.db
    .selectFrom("documents")
    .innerJoin("mentions", "mentions.document_id", "documents.id")
    .select(["documents.external_id", "documents.account_id", "documents.channel", "documents.mention_type", "documents.published_at"])
    .select(["documents.parent_external_id", "documents.likes", "documents.comments", "documents.shares"])
    .where("mentions.project_id", "=", a.projectId)
    .where("documents.mention_type", "=", MENTION_TYPE.post)
    .orderBy("documents.published_at", "desc")
    .execute();
  expect(documents.map((d) => d.external_id)).toEqual(POSTS);
  // The counters the feed gives: reactions, comments and shares.
  expect(documents[0]).toMatchObject({ likes: 48, comments: 3, shares: 5 });
  expect(documents.every((d) => d.account_id === a.userId && d.channel === 1 && d.mention_type === 0)).toBe(true);
  expect(documents[0].published_at).toEqual(new Date("2026-11-19T01:30:00Z"));
  const reads = meta.requests.filter((r) => r.url.startsWith(`/${PAGE.id}/feed`)).map((r) => new URL(r.url, meta.url).searchParams);
  expect(reads.map((q) => q.get("after"))).toEqual([null, "2"]);
  expect(reads[0].get("access_token")).toBe(PAGE.access_token);

  // The first post's comments: a customer's, the page's reply to it, and another customer's, each with its likes.
  const comments = await ctx.handle.db
    .selectFrom("documents")
    .select(["external_id", "mention_type", "parent_external_id", "likes", "account_id"])
    .where("mention_type", "!=", MENTION_TYPE.post)
    .orderBy("published_at")
    .execute();
  const [praise, answer, complaint] = META.comments[POSTS[0]];
  expect(comments).toEqual([
    { external_id: praise.id, mention_type: MENTION_TYPE.comment, parent_external_id: POSTS[0], likes: 12, account_id: a.userId },
    { external_id: answer.id, mention_type: MENTION_TYPE.reply, parent_external_id: praise.id, likes: 2, account_id: a.userId },
    { external_id: complaint.id, mention_type: MENTION_TYPE.comment, parent_external_id: POSTS[0], likes: 4, account_id: a.userId },
  ]);
});

test("a post the backfill read and its webhook delivery make one document", async () => {
  const [post] = META.feed;
  const change = {
    field: "feed",
    value: { item: "status", verb: "add", post_id: post.id, message: post.message, created_time: 1_795_136_400 },
  };
  const res = await ctx.request("/api/webhooks/meta", signedDelivery({ object: "page", entry: [{ id: PAGE.id, changes: [change] }] }));
  expect(await res.json()).toEqual({ code: 200, data: { documents: 0 }, errors: {} });
});

test("a token Meta no longer takes marks the connection failing, and the backfill leaves it until reconnected, which clears it", async () => {
  await follow(OTHER_PAGE.id);
  meta.flags.revoked = true;
  try {
    expect(await backfillFollowedPages(ctx.deps)).toEqual({ pages: 1, documents: 0 });
  } finally {
    meta.flags.revoked = false;
  }
  const failing = await connection();
  expect(failing).toMatchObject({ state: "failing", failing_since: ctx.deps.now().toISOString() });
  expect(failing.reason).toContain("OAuthException 190");
  expect(await backfillFollowedPages(ctx.deps)).toEqual({ pages: 0, documents: 0 });

  // Connecting the same Meta user again renews the token and clears the failure.
  await callback(ctx, { code: META.code, state: await startState(ctx, a) });
  expect(await connection()).toMatchObject({ id: failing.id, state: "connected", failing_since: null, reason: null });
  expect(await backfillFollowedPages(ctx.deps)).toEqual({ pages: 1, documents: 0 });
  expect(await sourceOf(OTHER_PAGE.id)).toEqual({ backfill_cursor: null, backfill_collected: 0, backfill_done: true });
});
