import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { rematchRules } from "../../src/server/services/ingest/index.ts";
import { ingestPost, mentionTexts, send } from "../factories/project-rules.ts";
import { rollupsAndTruth } from "../factories/rollup-check.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";

// Issue 38: a brand's advanced query is its matching rule; its keywords stay its display terms.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let unique = 0;
/** A brand name no other test of the shared database uses. */
const brandName = () => `Phở Hàng Điếu ${++unique}`;
const form = (brand: string, query: string | null, overrides: Record<string, unknown> = {}) => ({
  brand_id: 0,
  name: "Phở Hàng Điếu",
  keywords: [brand],
  query,
  competitors: [],
  ...overrides,
});

describe("a brand's advanced query", () => {
  test("an invalid query is refused on its field with the position; a valid one is saved and returned", async () => {
    const { token } = await createVerifiedUser(ctx);
    const brand = brandName();
    const unclosed = await send(ctx, "POST", "/api/project", form(brand, `("${brand}" OR phở bò`), token);
    expect(unclosed.status).toBe(422);
    expect(unclosed.body.errors).toEqual({ query: ["Dấu ngoặc đơn chưa được đóng (ở vị trí 1)"] });
    const far = await send(ctx, "POST", "/api/project", form(brand, `"${brand}" NEAR/99 ngon`), token);
    expect(far.body.errors).toEqual({ query: [`Khoảng cách của NEAR/ONEAR phải từ 1 đến 50 (ở vị trí ${brand.length + 4})`] });

    const query = `"${brand}" NEAR/5 ngon AND NOT "tuyển dụng"`;
    const created = await send(ctx, "POST", "/api/project", form(brand, query), token);
    expect(created.status).toBe(200);
    expect((await send(ctx, "GET", "/api/project", undefined, token)).body.data.project).toMatchObject({
      query,
      keywords: [{ name: brand }],
    });
  });

  test("new documents are the brand's mentions only where the query holds: proximity in syllables, NOT, channel:", async () => {
    const { token } = await createVerifiedUser(ctx);
    const brand = brandName();
    const query = `"${brand}" NEAR/5 ngon AND NOT "tuyển dụng" AND NOT channel:news`;
    const { id } = (await send(ctx, "POST", "/api/project", form(brand, query), token)).body.data;
    await ingestPost(ctx, `Sáng nay ăn ${brand}, nước dùng ngon thật sự`);
    await ingestPost(ctx, `${brand} mở thêm chi nhánh ở quận 3, giá hơi cao nhưng ai cũng khen ngon`);
    await ingestPost(ctx, `${brand} tuyển dụng phụ bếp, nghe nói đồ ăn ngon lắm`);
    await ingestPost(ctx, `${brand} ngon bổ rẻ, báo đưa tin`, 2);
    expect(await mentionTexts(ctx.handle.db, id)).toEqual([`Sáng nay ăn ${brand}, nước dùng ngon thật sự`]);
  });

  test("changing the query re-reads the brand's history: what it no longer holds of leaves, counters exact", async () => {
    const { token } = await createVerifiedUser(ctx);
    const brand = brandName();
    const { id } = (await send(ctx, "POST", "/api/project", form(brand, `"${brand}"`), token)).body.data;
    await ingestPost(ctx, `${brand} đông khách quá, chờ 20 phút mới có bàn`);
    await ingestPost(ctx, `Nhân viên ${brand} phục vụ nhanh, phở ngon`);
    expect(await mentionTexts(ctx.handle.db, id)).toHaveLength(2);
    const saved = await send(ctx, "PUT", `/api/project/${id}`, form(brand, `"${brand}" ONEAR/4 ngon`), token);
    expect(saved.status).toBe(200);
    // A batch of one mention a time: the cursor carries the read on, each batch in its own transaction.
    await rematchRules(ctx.deps, { batch: 1 });
    expect(await mentionTexts(ctx.handle.db, id)).toEqual([`Nhân viên ${brand} phục vụ nhanh, phở ngon`]);
    const { rollups, truth } = await rollupsAndTruth(ctx.handle.db, id);
    expect(rollups).toEqual(truth);
    const cleared = await send(ctx, "PUT", `/api/project/${id}`, form(brand, null), token);
    expect(cleared.body.data.query).toBeNull();
  });

  test("a preview counts what saving then produces, with what it adds and takes away, and saves nothing", async () => {
    const { token } = await createVerifiedUser(ctx);
    const brand = brandName();
    const rival = `Bún Chả Hương Liên ${unique}`;
    const competitors = [{ name: "Hương Liên", keywords: [rival] }];
    const saved = form(brand, null, { exclude_keywords: ["tuyển dụng"], competitors });
    const { id } = (await send(ctx, "POST", "/api/project", saved, token)).body.data;
    await ingestPost(ctx, `${brand} ngon, nước trong`);
    await ingestPost(ctx, `${brand} đông khách, phục vụ chậm`);
    await ingestPost(ctx, `Ghé ${brand.toLowerCase()} tối qua, bò tái ngon tuyệt`);
    // Kept in the pool by the competitor, kept out of the brand by its exclusion.
    await ingestPost(ctx, `${brand} tuyển dụng nhân viên, lương ngon hơn cả ${rival}`);
    expect(await mentionTexts(ctx.handle.db, id)).toHaveLength(3);

    const next = form(brand, `"${brand}" NEAR/5 ngon`, { exclude_keywords: [], competitors });
    const preview = await send(ctx, "POST", "/api/project/preview", next, token);
    expect(preview.status).toBe(200);
    const [shown, competitor] = preview.body.data.brands;
    // Without the exclusion the recruitment post comes in; the query leaves out the crowded one.
    expect(shown).toMatchObject({ name: "Phở Hàng Điếu", count: 3, added: 1, removed: 1 });
    expect(shown.sample.map((s: { content: string }) => s.content).sort()).toEqual(
      [
        `${brand} ngon, nước trong`,
        `Ghé ${brand.toLowerCase()} tối qua, bò tái ngon tuyệt`,
        `${brand} tuyển dụng nhân viên, lương ngon hơn cả ${rival}`,
      ].sort(),
    );
    expect(competitor).toMatchObject({ name: "Hương Liên", count: 1, added: 0, removed: 0 });
    expect(await mentionTexts(ctx.handle.db, id)).toHaveLength(3);

    // A minute later, as a customer saves: the ingest's matcher sees the rules changed by their time.
    ctx.setNow(new Date(ctx.deps.now().getTime() + 60_000));
    await send(ctx, "PUT", `/api/project/${id}`, next, token);
    await send(ctx, "POST", "/api/scan-data", {}, token);
    await rematchRules(ctx.deps);
    expect(await mentionTexts(ctx.handle.db, id)).toHaveLength(shown.count);
  });
});
