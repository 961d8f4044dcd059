import * as XLSX from "xlsx";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { findDbCommand } from "../../src/server/cli/db-commands.ts";
import { ingestDocuments } from "../../src/server/services/ingest/ingest-documents.ts";
import { rollupsAndTruth } from "../factories/rollup-check.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";

let ctx: TestContext;
let token: string;
let projectId: number;
let ids: number[];
const HOUR = 3_600_000;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ token } = await createVerifiedUser(ctx));
  projectId = (
    await (
      await ctx.request("/api/project", {
        method: "POST",
        token,
        json: { brand_id: 0, name: "Bia Sài Gòn", keywords: ["Bia Sài Gòn", "Sabeco"], competitors: [] },
      })
    ).json()
  ).data.id;
  const now = ctx.deps.now().getTime();
  await ingestDocuments(
    ctx.deps,
    Array.from({ length: 30 }, (_, i) => ({
      channel: (i % 3) + 1,
      platform: "test",
      externalId: `edit-${i}`,
      url: `https://example.vn/bia/${i}`,
      mentionType: 0 as const,
      parentExternalId: null,
      title: null,
      content: i % 2 ? `Bia Sài Gòn lạnh uống đã quá, tuyệt vời ${i}` : `Sabeco công bố lợi nhuận quý ${i}`,
      publishedAt: new Date(now - (i + 1) * 5 * HOUR),
      source: { id: null, name: "Báo Đầu tư", url: null },
      author: { id: null, name: "Phạm Thảo", url: null, followers: null, location: null },
      metrics: { likes: i, shares: 1, comments: 2, views: 100 + i },
      rating: null,
      ecommerceSource: null,
      hashtags: [],
    })),
  );
  ids = (await ctx.handle.db.selectFrom("mentions").select("document_id").where("project_id", "=", projectId).execute()).map(
    (r) => r.document_id,
  );
});
afterAll(() => ctx.close());

const update = async (json: unknown, as = token) => {
  const res = await ctx.request("/api/mention/update", { method: "POST", json, token: as });
  return { status: res.status, body: await res.json() };
};

describe("mention updates", () => {
  test("a sentiment edit sticks, is audited, marks the mention updated, and keeps the counters exact", async () => {
    const before = await ctx.handle.db
      .selectFrom("mentions")
      .select("sentiment")
      .where("document_id", "=", ids[0])
      .executeTakeFirstOrThrow();
    const target = before.sentiment === 2 ? 1 : 2;
    const res = await update({ project_id: projectId, ids: [ids[0], ids[1], ids[2]], sentiment: target });
    expect(res.status).toBe(200);
    expect(res.body.data.updated).toBeGreaterThanOrEqual(1);
    const after = await ctx.handle.db
      .selectFrom("mentions")
      .select(["sentiment", "sentiment_source", "status"])
      .where("document_id", "=", ids[0])
      .where("project_id", "=", projectId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ sentiment: target, sentiment_source: "manual", status: 3 });
    const audit = await ctx.handle.db.selectFrom("mention_audit").selectAll().where("document_id", "=", ids[0]).execute();
    expect(audit.find((a) => a.field === "sentiment")).toMatchObject({ old_value: String(before.sentiment), new_value: String(target) });
    const { rollups, truth } = await rollupsAndTruth(ctx.handle.db, projectId);
    expect(rollups).toEqual(truth);
  });

  test("status, sub brand and service from the project's lists; values of other lists are refused", async () => {
    const made = await findDbCommand("list")!.run(ctx.deps, ["add", "sub-brand", String(projectId), "Bia Saigon Special"], "");
    const subBrand = JSON.parse(made.stdout);
    const service = JSON.parse((await findDbCommand("list")!.run(ctx.deps, ["add", "service", String(projectId), "Giao hàng"], "")).stdout);
    expect((await (await ctx.request(`/api/mention/get-sub-brand?project_id=${projectId}`, { token })).json()).data).toEqual([subBrand]);
    expect((await (await ctx.request("/api/mention/get-service", { token })).json()).data).toEqual([service]);
    expect(
      (await update({ project_id: projectId, ids: [ids[3]], status: 2, sub_brand_id: subBrand.id, service_id: service.id })).status,
    ).toBe(200);
    const row = await ctx.handle.db
      .selectFrom("mentions")
      .select(["status", "sub_brand_id", "service_id"])
      .where("document_id", "=", ids[3])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 2, sub_brand_id: subBrand.id, service_id: service.id });
    expect((await update({ project_id: projectId, ids: [ids[3]], sub_brand_id: 999_999 })).body.errors.sub_brand_id).toEqual([
      "Giá trị không có trong danh sách của dự án",
    ]);
    expect((await update({ project_id: projectId, ids: [ids[3]] })).status).toBe(422);
  });

  test("another user's mentions cannot be changed", async () => {
    const other = await createVerifiedUser(ctx);
    await ctx.request("/api/project", {
      method: "POST",
      token: other.token,
      json: { brand_id: 0, name: "Khác", keywords: ["Heineken"], competitors: [] },
    });
    expect((await update({ project_id: projectId, ids: [ids[0]], sentiment: 0 }, other.token)).status).toBe(404);
    expect((await ctx.request(`/api/mention/get-sub-brand?project_id=${projectId}`, { token: other.token })).status).toBe(404);
  });
});

describe("Excel export", () => {
  test("the filtered mentions of a range with a summary and top sources, widths from 15 up, heights 20, Vietnamese headers", async () => {
    const res = await ctx.request(`/api/mention/export-excel?project_id=${projectId}&type_time=3-months-ago`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="nghe-mentions-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array", cellStyles: true });
    expect(book.SheetNames).toEqual(["Đề cập", "Tổng quan", "Top 10 nguồn"]);
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets["Đề cập"]);
    const total = (await (await ctx.request(`/api/mention/index?project_id=${projectId}&type_time=3-months-ago`, { token })).json()).data
      .total;
    expect(rows).toHaveLength(total);
    expect(Object.keys(rows[0])).toEqual(expect.arrayContaining(["Thời gian", "Kênh", "Nội dung", "Cảm xúc", "Đường dẫn"]));
    expect(book.Sheets["Đề cập"].A2).toMatchObject({ t: "n" });
    // Spec §9's default width of 15 is the least a column gets; a column whose content is wider grows to fit it.
    const widths = (book.Sheets["Đề cập"]["!cols"] ?? []).map((col) => col.wch ?? 0);
    expect(widths).toHaveLength(Object.keys(rows[0]).length);
    expect(Math.min(...widths)).toBe(15);
    expect(book.Sheets["Đề cập"]["!rows"]?.[1]).toMatchObject({ hpx: 20 });
    expect(XLSX.utils.sheet_to_json<string[]>(book.Sheets["Top 10 nguồn"], { header: 1 })[1][0]).toBe("Báo Đầu tư");
  });

  test("English headers, a narrower range, and a period the list refuses is refused", async () => {
    const res = await ctx.request(`/api/mention/export-excel?project_id=${projectId}&type_time=last-24h`, { token, lang: "en" });
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array" });
    expect(book.SheetNames[0]).toBe("Mentions");
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets.Mentions);
    expect(rows.length).toBeLessThanOrEqual(5);
    expect(
      (await ctx.request(`/api/mention/export-excel?project_id=${projectId}&start_date=2026-11-21&end_date=2026-11-01`, { token })).status,
    ).toBe(422);
    expect((await ctx.request(`/api/mention/export-excel?project_id=${projectId}&type_time=decade`, { token })).status).toBe(422);
  });
});
