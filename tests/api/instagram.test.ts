import { afterAll, beforeAll, expect, test } from "vitest";
import { MENTION_TYPE } from "../../src/shared/mention.ts";
import { backfillInstagramAccounts, readInstagramMentions, searchInstagramHashtags } from "../../src/server/services/connections/index.ts";
import { hashtagId, INSTAGRAM } from "../factories/instagram-routes.ts";
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
/** a connects its page and follows the linked Instagram account; b's keyword is a's brand too, but the account is not b's. */
let a: Tenant;
let b: Tenant;

const IG = INSTAGRAM.account;
const [NEW, OLDER, OLDEST] = INSTAGRAM.media;
const [PRAISE, PRICE] = INSTAGRAM.comments[NEW.id];
const THANKS = PRAISE.replies!.data[0];
const PERIOD = "type_time=custom&start_date=2026-09-01&end_date=2026-11-30";

const documentsOf = (externalIds: string[]) =>
  ctx.handle.db
    .selectFrom("documents")
    .select(["id", "account_id", "channel", "mention_type", "parent_external_id", "external_id", "author_name", "author_url", "url"])
    .select(["likes", "comments"])
    .where("external_id", "in", externalIds)
    .orderBy("external_id")
    .execute();
const mentioned = async (projectId: number) =>
  (
    await ctx.handle.db
      .selectFrom("mentions")
      .innerJoin("documents", "documents.id", "mentions.document_id")
      .select("documents.external_id")
      .where("mentions.project_id", "=", projectId)
      .where("documents.channel", "=", 9)
      .execute()
  )
    .map((d) => d.external_id)
    .sort();
const listed = async (tenant: Tenant) => {
  const res = await ctx.request(`/api/mention/index?project_id=${tenant.projectId}&${PERIOD}`, { token: tenant.token });
  return (await res.json()).data as { total: number; data: { content: string }[] };
};
const deliver = (changes: unknown[]) =>
  ctx.request("/api/webhooks/meta", signedDelivery({ object: "instagram", entry: [{ id: IG.id, time: 1_795_136_400, changes }] }));
const igSource = async () => (await connectionsOf(ctx, a))[0].sources.find((s) => s.external_id === IG.id)!;
const queued = () => ctx.handle.db.selectFrom("instagram_mention_queue").select(["media_id", "comment_id"]).orderBy("id").execute();

beforeAll(async () => {
  meta = await startMetaServer();
  ctx = await createTestContext({ config: metaConfig(meta.url) });
  a = await createTenant(ctx, "Cà Phê Sáng", ["Cà Phê Sáng"]);
  b = await createTenant(ctx, "Quán Cà Phê Sáng", ["Cà Phê Sáng"]);
  await callback(ctx, { code: META.code, state: await startState(ctx, a) });
});
afterAll(async () => {
  await ctx?.close();
  await meta?.close();
});

test("the page's linked Instagram account is listed under the pages, with its hashtag usage, and can be followed", async () => {
  const [connection] = await connectionsOf(ctx, a);
  expect(connection.sources.map((s) => ("kind" in s ? s.kind : null))).toEqual(["facebook_page", "facebook_page", "instagram_account"]);
  expect(await igSource()).toMatchObject({ kind: "instagram_account", name: IG.username, followed: false, hashtags_used: 0 });
  await followPage(ctx, a, IG.id);
  expect(await igSource()).toMatchObject({ followed: true, backfill_done: false });
  // Another account cannot follow it.
  const res = await ctx.request("/api/connections/sources/follow", {
    method: "POST",
    token: b.token,
    json: { project_id: b.projectId, source_ids: [(await igSource()).id], followed: true },
  });
  expect(res.status).toBe(404);
});

test("the backfill reads the account's media of the last 30 days with their comments and replies, as Instagram mentions", async () => {
  expect(await backfillInstagramAccounts(ctx.deps, { mediaPagesPerAccount: 1 })).toEqual({ accounts: 1, documents: 5 });
  // The next media page reaches past 30 days: its media is kept, its comments not read, and the backfill is done.
  expect(await backfillInstagramAccounts(ctx.deps, { mediaPagesPerAccount: 1 })).toEqual({ accounts: 1, documents: 1 });
  expect(await igSource()).toMatchObject({ backfill_done: true, backfill_collected: 6 });
  expect(await backfillInstagramAccounts(ctx.deps)).toEqual({ accounts: 0, documents: 0 });
  const reads = meta.requests.filter((r) => r.url.startsWith(`/${IG.id}/media`)).map((r) => new URL(r.url, meta.url).searchParams);
  expect(reads.map((q) => q.get("after"))).toEqual([null, "2"]);
  expect(reads[0].get("access_token")).toBe(META.longToken);
  expect(meta.requests.some((r) => r.url.startsWith(`/${OLDEST.id}/comments`) || r.url.startsWith(`/${OLDER.id}/comments`))).toBe(false);

  const [praise, thanks, price, post] = await documentsOf([PRAISE.id, THANKS.id, PRICE.id, NEW.id]).then((ds) =>
    [PRAISE.id, THANKS.id, PRICE.id, NEW.id].map((id) => ds.find((d) => d.external_id === id)!),
  );
  const own = { account_id: a.userId, channel: 9, url: NEW.permalink };
  expect(post).toMatchObject({
    ...own,
    mention_type: MENTION_TYPE.post,
    likes: 214,
    comments: 3,
    author_url: "https://www.instagram.com/caphesangsaigon",
  });
  expect(praise).toMatchObject({ ...own, mention_type: MENTION_TYPE.comment, parent_external_id: NEW.id, likes: 7 });
  expect(praise).toMatchObject({ author_name: "ngoc.anh.dalat", author_url: "https://www.instagram.com/ngoc.anh.dalat" });
  expect(thanks).toMatchObject({ ...own, mention_type: MENTION_TYPE.reply, parent_external_id: PRAISE.id });
  expect(price).toMatchObject({ ...own, mention_type: MENTION_TYPE.comment });
  // None names the keyword; all are a's, none b's.
  expect(await mentioned(a.projectId)).toEqual([NEW.id, OLDER.id, OLDEST.id, PRAISE.id, PRICE.id, THANKS.id].sort());
  expect(await mentioned(b.projectId)).toEqual([]);
});

test("a signed `comments` delivery is a comment on the project's mention list at once; sent again it adds nothing", async () => {
  const comment = {
    field: "comments",
    value: {
      id: "18044400011122277",
      text: "Hôm nay quán đông quá, chờ 25 phút mới có nước",
      from: { id: "17841401234567890", username: "hoang.long.sg" },
      media: { id: NEW.id, media_product_type: "FEED" },
    },
  };
  expect(await (await deliver([comment])).json()).toEqual({ code: 200, data: { documents: 1 }, errors: {} });
  expect(await (await deliver([comment])).json()).toEqual({ code: 200, data: { documents: 0 }, errors: {} });
  const [stored] = await documentsOf([comment.value.id]);
  expect(stored).toMatchObject({
    account_id: a.userId,
    channel: 9,
    mention_type: MENTION_TYPE.comment,
    parent_external_id: NEW.id,
    url: NEW.permalink,
  });
  expect((await listed(a)).data.map((m) => m.content)).toContain(comment.value.text);
  expect((await listed(b)).total).toBe(0);

  const forged = await ctx.request("/api/webhooks/meta", signedDelivery({ object: "instagram", entry: [] }, "not-the-secret"));
  expect(forged.status).toBe(401);
});

test("a `mentions` delivery is queued, then read through the Graph API by the job", async () => {
  const { media, comment } = INSTAGRAM.mentions;
  const changes = [
    { field: "mentions", value: { media_id: media.id } },
    { field: "mentions", value: { media_id: comment.media.id, comment_id: comment.id } },
  ];
  expect(await (await deliver(changes)).json()).toEqual({ code: 200, data: { documents: 0 }, errors: {} });
  await deliver(changes);
  expect(await queued()).toEqual([
    { media_id: media.id, comment_id: null },
    { media_id: comment.media.id, comment_id: comment.id },
  ]);

  expect(await readInstagramMentions(ctx.deps)).toEqual({ read: 2, documents: 2 });
  expect(await queued()).toEqual([]);
  const [post, mention] = await documentsOf([media.id, comment.id]).then((ds) =>
    [media.id, comment.id].map((id) => ds.find((d) => d.external_id === id)!),
  );
  expect(post).toMatchObject({
    account_id: a.userId,
    channel: 9,
    mention_type: MENTION_TYPE.post,
    url: media.permalink,
    author_name: "thuhuong.food",
    likes: 58,
  });
  expect(mention).toMatchObject({
    account_id: a.userId,
    mention_type: MENTION_TYPE.comment,
    parent_external_id: comment.media.id,
    url: comment.media.permalink,
  });
  expect(await mentioned(a.projectId)).toEqual(expect.arrayContaining([media.id, comment.id]));
  expect(await mentioned(b.projectId)).toEqual([]);
});

test("Meta throttling pauses the connection, the mention staying queued until the pause is over", async () => {
  await deliver([{ field: "mentions", value: { media_id: INSTAGRAM.mentions.media.id } }]);
  meta.flags.throttled = true;
  try {
    expect(await readInstagramMentions(ctx.deps)).toEqual({ read: 1, documents: 0 });
  } finally {
    meta.flags.throttled = false;
  }
  expect((await connectionsOf(ctx, a))[0]).toMatchObject({ state: "paused" });
  expect(await queued()).toHaveLength(1);
  expect(await readInstagramMentions(ctx.deps)).toEqual({ read: 1, documents: 0 });
  expect(await queued()).toHaveLength(1);
  ctx.setNow(new Date(ctx.deps.now().getTime() + 16 * 60_000));
  expect(await readInstagramMentions(ctx.deps)).toEqual({ read: 1, documents: 0 });
  expect((await connectionsOf(ctx, a))[0]).toMatchObject({ state: "connected" });
  expect(await queued()).toEqual([]);
});

test("hashtag search: the keyword's hashtag, matched by keyword like public posts, kept in the account's own scope", async () => {
  expect(await searchInstagramHashtags(ctx.deps)).toEqual({ hashtags: 1, documents: 2, refused: 0 });
  const search = meta.requests.filter((r) => r.url.startsWith("/ig_hashtag_search")).map((r) => new URL(r.url, meta.url).searchParams);
  expect(search.map((q) => [q.get("q"), q.get("user_id")])).toEqual([["caphesang", IG.id]]);
  const [named, other] = INSTAGRAM.hashtagMedia;
  const stored = await documentsOf([named.id, other.id]);
  expect(stored.map((d) => d.account_id)).toEqual([a.userId, a.userId]);
  // Only the post naming the keyword is a mention (the other has the hashtag in a comment): hashtag results are not the
  // account's own conversation.
  const mine = await mentioned(a.projectId);
  expect(mine).toContain(named.id);
  expect(mine).not.toContain(other.id);
  expect(await mentioned(b.projectId)).toEqual([]);
  expect(await igSource()).toMatchObject({ hashtags_used: 1 });
  // Searched again within the week: Meta's id is remembered, nothing counts again.
  expect(await searchInstagramHashtags(ctx.deps)).toEqual({ hashtags: 1, documents: 0, refused: 0 });
  expect(meta.requests.filter((r) => r.url.startsWith("/ig_hashtag_search"))).toHaveLength(1);
  expect(meta.requests.filter((r) => r.url.startsWith(`/${hashtagId("caphesang")}/recent_media`))).toHaveLength(2);
});

test("at most 30 distinct hashtags per account in a rolling 7 days; a hashtag's window closes 7 days after its first search", async () => {
  const keywords = ["Cà Phê Sáng", ...Array.from({ length: 31 }, (_, n) => `Đồ uống ${n + 1}`)];
  await ctx.handle.db.updateTable("projects").set({ keywords }).where("id", "=", a.projectId).execute();
  const searches = () => meta.requests.filter((r) => r.url.startsWith("/ig_hashtag_search")).length;
  const before = searches();
  expect(await searchInstagramHashtags(ctx.deps)).toEqual({ hashtags: 30, documents: 0, refused: 2 });
  expect(searches() - before).toBe(29);
  expect(await igSource()).toMatchObject({ hashtags_used: 30 });
  expect(await searchInstagramHashtags(ctx.deps)).toEqual({ hashtags: 30, documents: 0, refused: 2 });
  expect(searches() - before).toBe(29);

  ctx.setNow(new Date(ctx.deps.now().getTime() + 7 * 24 * 3600_000 + 60_000));
  expect(await igSource()).toMatchObject({ hashtags_used: 0 });
  expect(await searchInstagramHashtags(ctx.deps)).toEqual({ hashtags: 30, documents: 0, refused: 2 });
  expect(await igSource()).toMatchObject({ hashtags_used: 30 });
});

test("another account sees none of these documents", async () => {
  expect((await listed(b)).total).toBe(0);
  expect(await mentioned(b.projectId)).toEqual([]);
  const theirs = await ctx.handle.db.selectFrom("documents").select("account_id").where("channel", "=", 9).execute();
  expect(theirs.length).toBeGreaterThan(0);
  expect(theirs.every((d) => d.account_id === a.userId)).toBe(true);
});
