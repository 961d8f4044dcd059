import { afterAll, beforeAll, expect, test } from "vitest";
import { findDbCommand } from "../../src/server/cli/db-commands.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";

// Written with the keyword's diacritics (either tone-mark placement), or with none: mentions.
const SAME = "Thép Hoà Phát xuất khẩu tăng mạnh trong quý này";
const PLAIN = "thep hoa phat giao hang cham qua, goi tong dai khong ai nghe";
const PLAIN_CAPITALS = "BO SUA MOC CHAU DANG GIAM GIA MANH";
// Written with other diacritics, wholly or partly: other words.
const OTHER = "Hóa Phát điện máy khai trương chi nhánh mới ở Cầu Giấy";
const PARTLY = "Thép Hòa phat giao hàng chậm, gọi tổng đài không ai nghe";
const BARKING = "Con bò sủa inh ỏi cả đêm, hàng xóm phàn nàn mãi";
const PARTLY_MILK = "Bò sua Mộc Châu có ngon không mọi người";

const KEYWORDS = ["Hòa Phát", "Bò Sữa"];
const MENTIONS = [SAME, PLAIN, PLAIN_CAPITALS].sort();

let ctx: TestContext;

const apikey = (...args: string[]) => findDbCommand("apikey")!.run(ctx.deps, args, "");

async function newProject(name: string) {
  const { token } = await createVerifiedUser(ctx);
  const created = await (
    await ctx.request("/api/project", { method: "POST", token, json: { brand_id: 0, name, keywords: KEYWORDS, competitors: [] } })
  ).json();
  expect(created.code).toBe(200);
  return { token, projectId: created.data.id as number };
}

const post = (n: number, content: string, location: string) => ({
  channel: 1,
  external_id: `diacritics-${n}`,
  url: `https://www.facebook.com/groups/review/posts/${n}`,
  content,
  published_at: "2026-11-20T07:15:00+07:00",
  source: { name: "Hội Review Đồ Gia Dụng" },
  author: { id: `author-${n}`, name: `Người dùng ${n}`, location },
});

async function mentionContents(projectId: number): Promise<string[]> {
  const rows = await ctx.handle.db
    .selectFrom("mentions")
    .innerJoin("documents", "documents.id", "mentions.document_id")
    .select("documents.content")
    .where("mentions.project_id", "=", projectId)
    .execute();
  return rows.map((r) => r.content).sort();
}

let before: { token: string; projectId: number };

beforeAll(async () => {
  ctx = await createTestContext();
  before = await newProject("Hòa Phát");
  const pool = JSON.parse((await apikey("create", "--pool", "đối tác")).stdout.split("\n")[0]).key as string;
  const documents = [SAME, PLAIN, PLAIN_CAPITALS, OTHER, PARTLY, BARKING, PARTLY_MILK].map((content, n) =>
    post(n, content, ["hoa binh", "tp ho chi minh", "quang nam", "Thua Thien Hue", "Bà Rịa - Vũng Tàu", "Khánh Hoà", "ha noi"][n]),
  );
  const res = await ctx.request("/api/ingest", { method: "POST", json: { documents }, headers: { "x-api-key": pool } });
  expect(res.status).toBe(200);
});
afterAll(() => ctx.close());

test("ingest: text with the keyword's diacritics or none becomes a mention; text with other diacritics does not", async () => {
  expect(await mentionContents(before.projectId)).toEqual(MENTIONS);
});

test("a new project's scan of the pool finds exactly what the ingest found", async () => {
  const after = await newProject("Thép Hòa Phát");
  expect((await ctx.request("/api/scan-data", { method: "POST", token: after.token, json: {} })).status).toBe(200);
  expect(await mentionContents(after.projectId)).toEqual(MENTIONS);
});

test("a profile location holding only a province name, spelled any way, resolves to its province among the 34", async () => {
  const rows = await ctx.handle.db
    .selectFrom("documents")
    .select(["external_id", "author_province"])
    .where("external_id", "like", "diacritics-%")
    .orderBy("external_id")
    .execute();
  expect(rows.map((r) => r.author_province)).toEqual(["phu-tho", "ho-chi-minh", "da-nang", "hue", "ho-chi-minh", "khanh-hoa", "ha-noi"]);
});
