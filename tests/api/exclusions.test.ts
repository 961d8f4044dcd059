import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { rematchRules } from "../../src/server/services/ingest/index.ts";
import { ingestPost, mentionTexts, send } from "../factories/project-rules.ts";
import { rollupsAndTruth } from "../factories/rollup-check.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";

// Issue 38: per brand, excluded words or phrases beside its keywords; a document holding one is not the brand's mention.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let unique = 0;
/** Brand and competitor names no other test of the shared database uses, so the pool's documents match only here. */
const names = () => {
  unique += 1;
  return { brand: `Sữa Mộc Sơn ${unique}`, rival: `Sữa Đồi Thông ${unique}` };
};
const form = (brand: string, rival: string, overrides: Record<string, unknown> = {}) => ({
  brand_id: 0,
  name: "Sữa Mộc Sơn",
  keywords: [brand],
  exclude_keywords: ["cổ phiếu"],
  competitors: [{ name: "Đồi Thông", keywords: [rival], exclude_keywords: ["tuyển dụng"] }],
  unlimited: true,
  ...overrides,
});

describe("exclusions in the project's rules", () => {
  test("saved per brand and competitor, returned by GET; more than 10 is refused on the field that has them", async () => {
    const { token } = await createVerifiedUser(ctx);
    const { brand, rival } = names();
    const created = await send(ctx, "POST", "/api/project", form(brand, rival), token);
    expect(created.status).toBe(200);
    const shown = (await send(ctx, "GET", "/api/project", undefined, token)).body.data.project;
    expect(shown.exclude_keywords).toEqual(["cổ phiếu"]);
    expect(shown.children_competitor[0].exclude_keywords).toEqual(["tuyển dụng"]);

    const eleven = Array.from({ length: 11 }, (_, i) => `từ loại ${i + 1}`);
    const tooMany = await send(ctx, "PUT", `/api/project/${created.body.data.id}`, form(brand, rival, { exclude_keywords: eleven }), token);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({ exclude_keywords: ["Tối đa 10 từ loại trừ"] });
    const rivalTooMany = await send(
      ctx,
      "PUT",
      `/api/project/${created.body.data.id}`,
      form(brand, rival, { competitors: [{ name: "Đồi Thông", keywords: [rival], exclude_keywords: eleven }] }),
      token,
    );
    expect(rivalTooMany.body.errors).toEqual({ "competitors.0.exclude_keywords": ["Tối đa 10 từ loại trừ"] });
  });

  test("a new document holding an excluded phrase, with or without diacritics, is not the brand's mention; the competitor still hears it", async () => {
    const { token } = await createVerifiedUser(ctx);
    const { brand, rival } = names();
    const { id, children_competitor } = (await send(ctx, "POST", "/api/project", form(brand, rival), token)).body.data;
    await ingestPost(ctx, `${brand} và ${rival} cùng ra mắt dòng sữa hạt mới cho trẻ em`);
    await ingestPost(ctx, `Cổ phiếu ${brand} tăng trần, ${rival} giữ giá`);
    await ingestPost(ctx, `co phieu ${brand} giam san sau bao cao quy`);
    await ingestPost(ctx, `${rival} tuyển dụng nhân viên kinh doanh tại Đà Nẵng`);
    expect(await mentionTexts(ctx.handle.db, id)).toEqual([`${brand} và ${rival} cùng ra mắt dòng sữa hạt mới cho trẻ em`]);
    expect(await mentionTexts(ctx.handle.db, children_competitor[0].id)).toEqual(
      [`${brand} và ${rival} cùng ra mắt dòng sữa hạt mới cho trẻ em`, `Cổ phiếu ${brand} tăng trần, ${rival} giữ giá`].sort(),
    );
  });

  test("adding an exclusion takes yesterday's matching mentions out, counters exact, and uses one of the month's updates", async () => {
    const { token } = await createVerifiedUser(ctx);
    const { brand, rival } = names();
    const { id } = (await send(ctx, "POST", "/api/project", form(brand, rival, { exclude_keywords: [] }), token)).body.data;
    await ingestPost(ctx, `${brand} khuyến mãi mua 2 tặng 1 tại siêu thị`);
    await ingestPost(ctx, `Cổ phiếu ${brand} tăng trần phiên sáng`);
    await ingestPost(ctx, `Chuyện #cophieu${brand.replace(/ /g, "")} hôm nay`);
    expect(await mentionTexts(ctx.handle.db, id)).toHaveLength(3);
    const before = (await send(ctx, "GET", "/api/project", undefined, token)).body.data.remaining_updates;

    const saved = await send(ctx, "PUT", `/api/project/${id}`, form(brand, rival, { exclude_keywords: ["Cổ Phiếu"] }), token);
    expect(saved.status).toBe(200);
    // The history is read again in the background: the settings screen shows how far.
    expect((await send(ctx, "GET", "/api/project", undefined, token)).body.data.rematch).toEqual({ done: 0, total: 3 });
    expect(await mentionTexts(ctx.handle.db, id)).toHaveLength(3);
    await rematchRules(ctx.deps);
    expect((await send(ctx, "GET", "/api/project", undefined, token)).body.data.rematch).toBeNull();
    // The hashtag holds the phrase without its spaces: found and taken out as well.
    expect(await mentionTexts(ctx.handle.db, id)).toEqual([`${brand} khuyến mãi mua 2 tặng 1 tại siêu thị`]);
    const { rollups, truth } = await rollupsAndTruth(ctx.handle.db, id);
    expect(rollups).toEqual(truth);
    expect((await send(ctx, "GET", "/api/project", undefined, token)).body.data.remaining_updates).toBe(before - 1);
  });

  test("a client that sends no exclusions keeps the saved ones", async () => {
    const { token } = await createVerifiedUser(ctx);
    const { brand, rival } = names();
    const { id } = (await send(ctx, "POST", "/api/project", form(brand, rival), token)).body.data;
    const { exclude_keywords: _, competitors, ...older } = form(brand, rival, { name: "Mộc Sơn chính hãng" });
    const renamed = await send(
      ctx,
      "PUT",
      `/api/project/${id}`,
      { ...older, competitors: competitors.map(({ name, keywords }) => ({ name, keywords })) },
      token,
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.exclude_keywords).toEqual(["cổ phiếu"]);
    expect(renamed.body.data.children_competitor[0].exclude_keywords).toEqual(["tuyển dụng"]);
  });
});
