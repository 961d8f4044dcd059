import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ingestDocuments } from "../../src/server/services/ingest/ingest-documents.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";

let ctx: TestContext;
let token: string;
let projectId: number;

const doc = (i: number, url: string, channel: number) => ({
  channel,
  platform: channel === 3 ? "print" : "vnexpress.net",
  externalId: `names-${i}`,
  url,
  mentionType: 0 as const,
  parentExternalId: null,
  title: null,
  content: `Trà xanh Thái Nguyên được người tiêu dùng ưa chuộng (${i})`,
  publishedAt: new Date(ctx.deps.now().getTime() - (i + 1) * 3_600_000),
  source: { id: null, name: "Báo Thái Nguyên", url: null },
  author: null,
  metrics: { likes: 0, shares: 0, comments: 0, views: 0 },
  rating: null,
  ecommerceSource: null,
  hashtags: [],
});

beforeAll(async () => {
  ctx = await createTestContext();
  const account = await createVerifiedUser(ctx);
  token = account.token;
  // Contracted: a trial account's AI filter would hide these look-alike test texts as noise.
  await ctx.handle.db.updateTable("users").set({ account_type: 1 }).where("id", "=", account.user.id).execute();
  const created = await ctx.request("/api/project", {
    method: "POST",
    token,
    json: { brand_id: 0, name: "Trà Thái Nguyên", keywords: ["Trà xanh Thái Nguyên"], competitors: [] },
  });
  projectId = (await created.json()).data.id;
  await ingestDocuments(ctx.deps, [doc(0, "https://vnexpress.net/tra-xanh.html", 2), doc(1, "urn:nghe:clipping:abc", 3)]);
  await ingestDocuments(ctx.deps, [doc(2, "https://demo.nghe.vn/c2/1-2", 2)], { isDemo: true });
});
afterAll(() => ctx.close());

describe("names and links a customer reads", () => {
  test("the brand catalogue's catch-all entry is 'Other' in English and 'Khác' in Vietnamese", async () => {
    const brands = async (lang: "vi" | "en") => (await (await ctx.request("/api/get-brands", { token, lang })).json()).data;
    expect((await brands("en"))["0"]).toBe("Other");
    expect((await brands("vi"))["0"]).toBe("Khác");
    expect((await (await ctx.request("/api/project", { token, lang: "en" })).json()).data.brands["0"]).toBe("Other");
  });

  test("a mention links to its original only when there is one to open; a demo sample says it is one", async () => {
    const list = (await (await ctx.request(`/api/mention/index?project_id=${projectId}`, { token })).json()).data.data as {
      url: string | null;
      is_sample: boolean;
      channel_id: number;
    }[];
    expect(list.map((m) => [m.url, m.is_sample])).toEqual([
      ["https://vnexpress.net/tra-xanh.html", false],
      [null, false],
      [null, true],
    ]);
  });
});
