import { afterAll, beforeAll, expect, test } from "vitest";
import {
  callback,
  connectionsOf,
  createTenant,
  feedChange as change,
  feedDelivery as delivery,
  followPage as follow,
  META_VERIFY_TOKEN,
  metaConfig,
  signedDelivery,
  startState,
  type Tenant,
} from "../factories/meta-connection.ts";
import { META, startMetaServer } from "../factories/meta-server.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";

let ctx: TestContext;
let meta: Awaited<ReturnType<typeof startMetaServer>>;
/**
 * a follows its page "Cà Phê Sáng Sài Gòn" for its brand, whose keyword the comments do not name; b's keyword is in the
 * comments, but the page is not b's.
 */
let a: Tenant;
let b: Tenant;

const PAGE = META.pages[0];
const POST = `${PAGE.id}_882736451928374`;
const COMMENT = `882736451928374_1093847561029384`;
const REPLY = `882736451928374_1093847561029999`;
const PERIOD = "type_time=custom&start_date=2026-11-01&end_date=2026-11-21";

const COMMENTS = delivery(PAGE.id, [
  change({
    item: "comment",
    verb: "add",
    post_id: POST,
    comment_id: COMMENT,
    parent_id: POST,
    from: { id: "6120398475610293", name: "Trần Minh Khoa" },
    message: "Hôm qua gọi cà phê sữa đá mà chờ gần 40 phút, nhân viên còn quên món. Thất vọng quá, uống Trà Sữa Mây còn nhanh hơn!",
    created_time: 1_795_136_800,
  }),
  change({
    item: "comment",
    verb: "add",
    post_id: POST,
    comment_id: REPLY,
    parent_id: COMMENT,
    from: { id: PAGE.id, name: PAGE.name },
    message: "Dạ quán xin lỗi anh Khoa ạ, quán sẽ nhắn riêng để gửi anh phiếu đồ uống miễn phí.",
    created_time: 1_795_137_400,
  }),
  change({ item: "reaction", verb: "add", post_id: POST, reaction_type: "like", from: { id: "6120398475610293" } }),
]);

const post = (body: Parameters<typeof signedDelivery>[0], secret?: string) =>
  ctx.request("/api/webhooks/meta", signedDelivery(body, secret));
const documentsOf = (externalIds: string[]) =>
  ctx.handle.db
    .selectFrom("documents")
    .select(["id", "account_id", "channel", "mention_type", "parent_external_id", "external_id", "author_name", "author_url", "url"])
    .where("external_id", "in", externalIds)
    .orderBy("external_id")
    .execute();
const mentionsOf = (projectId: number) =>
  ctx.handle.db.selectFrom("mentions").select(["document_id"]).where("project_id", "=", projectId).execute();
const followPage = (tenant: Tenant, projectId: number) => follow(ctx, tenant, PAGE.id, projectId);
const revocations = () => meta.requests.filter((r) => r.method === "DELETE" && r.url.startsWith("/me/permissions")).length;
const listed = async (tenant: Tenant) => {
  const res = await ctx.request(`/api/mention/index?project_id=${tenant.projectId}&${PERIOD}`, { token: tenant.token });
  return (await res.json()).data;
};

beforeAll(async () => {
  meta = await startMetaServer();
  ctx = await createTestContext({ config: metaConfig(meta.url) });
  a = await createTenant(ctx, "Cà Phê Sáng", ["Cà Phê Sáng Quận 1"], [{ name: "Phúc Long", keywords: ["Phúc Long"] }]);
  b = await createTenant(ctx, "Trà Sữa Mây", ["Trà Sữa Mây"]);
  await callback(ctx, { code: META.code, state: await startState(ctx, a) });
  await followPage(a, a.projectId);
});
afterAll(async () => {
  await ctx?.close();
  await meta?.close();
});

test("the verification request gets its challenge back only with our verify token", async () => {
  const handshake = (token: string, mode = "subscribe") =>
    ctx.request(
      `/api/webhooks/meta?${new URLSearchParams({ "hub.mode": mode, "hub.challenge": "1158201444", "hub.verify_token": token })}`,
    );
  const ok = await handshake(META_VERIFY_TOKEN);
  expect(ok.status).toBe(200);
  expect(await ok.text()).toBe("1158201444");
  for (const refused of [await handshake("doan-bua"), await handshake(META_VERIFY_TOKEN, "unsubscribe")]) {
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 403, errors: { message: ["Mã xác minh không đúng"] } });
  }
});

test("an unsigned or forged delivery is refused with a 401 and changes nothing; a signed malformed one is a 422", async () => {
  const raw = JSON.stringify(COMMENTS);
  const unsigned = await ctx.request("/api/webhooks/meta", { method: "POST", body: raw, headers: { "content-type": "application/json" } });
  const forged = await post(COMMENTS, "bi-mat-cua-ke-gia-mao");
  const tampered = signedDelivery(COMMENTS);
  const altered = await ctx.request("/api/webhooks/meta", { ...tampered, body: raw.replace("40 phút", "4 phút") });
  for (const res of [unsigned, forged, altered]) {
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 401, errors: { message: ["Chữ ký không hợp lệ"] } });
  }
  expect(await documentsOf([COMMENT, REPLY])).toEqual([]);
  const malformed = await post('{"object":"page","entry":[');
  expect(malformed.status).toBe(422);
  expect((await malformed.json()).code).toBe(422);
});

test("a signed comment on a followed page is the following project's mention without a keyword, in its account only", async () => {
  const res = await post(COMMENTS);
  expect(await res.json()).toEqual({ code: 200, data: { documents: 2 }, errors: {} });

  const [comment, reply] = await documentsOf([COMMENT, REPLY]);
  expect(comment).toMatchObject({
    account_id: a.userId,
    channel: 1,
    mention_type: 1,
    parent_external_id: POST,
    author_name: "Trần Minh Khoa",
    author_url: "https://www.facebook.com/6120398475610293",
    url: `https://www.facebook.com/${POST}?comment_id=1093847561029384`,
  });
  expect(reply).toMatchObject({ account_id: a.userId, channel: 1, mention_type: 2, parent_external_id: COMMENT });
  expect((await mentionsOf(a.projectId)).map((m) => m.document_id).sort()).toEqual([comment.id, reply.id].sort());
  const list = await listed(a);
  expect(list.data.map((m: { content: string }) => m.content)).toContain(
    "Hôm qua gọi cà phê sữa đá mà chờ gần 40 phút, nhân viên còn quên món. Thất vọng quá, uống Trà Sữa Mây còn nhanh hơn!",
  );

  // b's keyword is in the comment, but the page's conversation is a's own.
  expect(await mentionsOf(b.projectId)).toEqual([]);
  expect((await listed(b)).total).toBe(0);
});

test("a delivery sent again adds nothing; a page nobody follows is ignored", async () => {
  const before = { documents: await documentsOf([COMMENT, REPLY]), mentions: await mentionsOf(a.projectId) };
  expect(await (await post(COMMENTS)).json()).toEqual({ code: 200, data: { documents: 0 }, errors: {} });
  expect({ documents: await documentsOf([COMMENT, REPLY]), mentions: await mentionsOf(a.projectId) }).toEqual(before);

  const stranger = delivery(META.pages[1].id, [
    change({
      item: "status",
      verb: "add",
      post_id: `${META.pages[1].id}_1`,
      message: "Bánh mì Hội An nóng giòn mỗi sáng",
      created_time: 1_795_136_400,
    }),
  ]);
  expect(await (await post(stranger)).json()).toEqual({ code: 200, data: { documents: 0 }, errors: {} });
  expect(await documentsOf([`${META.pages[1].id}_1`])).toEqual([]);
});

test("a page followed for two projects of the account makes each comment a mention of both", async () => {
  const competitor = (
    await ctx.handle.db.selectFrom("projects").select("id").where("parent_id", "=", a.projectId).executeTakeFirstOrThrow()
  ).id;
  await callback(ctx, { code: META.code, state: await startState(ctx, a, competitor) });
  const connection = await followPage(a, competitor);
  const id = "882736451928374_1093847561030001";
  const both = delivery(PAGE.id, [
    change({
      item: "comment",
      verb: "add",
      post_id: POST,
      comment_id: id,
      parent_id: POST,
      from: { id: "6120398475619999", name: "Lê Thu Hà" },
      message: "Quán mình có chỗ đậu xe máy không ạ?",
      created_time: 1_795_138_000,
    }),
  ]);
  expect(await (await post(both)).json()).toEqual({ code: 200, data: { documents: 1 }, errors: {} });
  const [document] = await documentsOf([id]);
  expect((await mentionsOf(a.projectId)).map((m) => m.document_id)).toContain(document.id);
  expect((await mentionsOf(competitor)).map((m) => m.document_id)).toEqual([document.id]);

  // The brand's connection still uses the same Meta user: its permissions stay.
  const before = revocations();
  expect((await ctx.request(`/api/connections/${connection}`, { method: "DELETE", token: a.token })).status).toBe(200);
  expect(revocations()).toBe(before);
});

test("disconnecting keeps the mentions already collected", async () => {
  const [connection] = await connectionsOf(ctx, a);
  const before = await mentionsOf(a.projectId);
  const revoked = revocations();
  expect((await ctx.request(`/api/connections/${connection.id}`, { method: "DELETE", token: a.token })).status).toBe(200);
  expect(revocations()).toBe(revoked + 1);
  expect(await mentionsOf(a.projectId)).toEqual(before);
  expect((await listed(a)).total).toBe(before.length);
  // The page is no longer followed: its next comments are not collected.
  const later = delivery(PAGE.id, [
    change({
      item: "comment",
      verb: "add",
      post_id: POST,
      comment_id: "882736451928374_77",
      parent_id: POST,
      message: "Cà phê ngon!",
      created_time: 1_795_140_000,
    }),
  ]);
  expect(await (await post(later)).json()).toEqual({ code: 200, data: { documents: 0 }, errors: {} });
});
