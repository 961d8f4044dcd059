import { sql } from "kysely";
import { afterAll, beforeAll, expect, test } from "vitest";
import { findDbCommand } from "../../src/server/cli/db-commands.ts";
import { seededRandom } from "../../src/shared/seeded-random.ts";
import { hashBytesExtended } from "../../src/server/services/ingest/search-terms.ts";
import { loadMigrations, migrate } from "../../src/server/db/migrate.ts";
import { insertDocument } from "../factories/documents.ts";
import { freshDatabase } from "../factories/test-database.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";

type Tenant = { token: string; projectId: number; key: string };

let ctx: TestContext;
let a: Tenant;
let b: Tenant;
let pool: string;

const apikey = (...args: string[]) => findDbCommand("apikey")!.run(ctx.deps, args, "");
const keyOf = async (...args: string[]) => JSON.parse((await apikey("create", ...args)).stdout.split("\n")[0]).key as string;

async function tenant(name: string): Promise<Tenant> {
  const { token, account } = await createVerifiedUser(ctx);
  const created = await (
    await ctx.request("/api/project", { method: "POST", token, json: { brand_id: 0, name, keywords: ["Vinamilk"], competitors: [] } })
  ).json();
  if (created.code !== 200) throw new Error(JSON.stringify(created));
  return { token, projectId: created.data.id, key: await keyOf(account.username, "crawler riêng") };
}

const post = (id: string, content: string, author = "Nguyễn Thu Trang", published_at = "2026-11-20T07:15:00+07:00") => ({
  channel: 1,
  external_id: id,
  url: `https://www.facebook.com/groups/mevabe/posts/${id}`,
  content,
  published_at,
  source: { name: "Hội Mẹ Bỉm Sữa" },
  author: { name: author },
  metrics: { likes: 4, shares: 0, comments: 2 },
});

async function ingest(key: string, documents: unknown[]) {
  const res = await ctx.request("/api/ingest", { method: "POST", json: { documents }, headers: { "x-api-key": key } });
  expect(res.status).toBe(200);
}

/** The contents of the mentions a search finds in the tenant's project, with the total the screen shows. */
async function search(t: Tenant, text: string, period: Record<string, string> = { type_time: "month" }) {
  const query = new URLSearchParams({ project_ids: String(t.projectId), ...period, search: text });
  const { data } = await (await ctx.request(`/api/mention/index?${query}`, { token: t.token })).json();
  const contents = data.data.map((m: { content: string }) => m.content).sort();
  expect(data.total, text).toBe(contents.length);
  return contents;
}

const FAST = "Sữa Vinamilk giao hàng nhanh, đóng gói cẩn thận";
const SLOW = "Giao hàng chậm quá, Vinamilk cần xem lại đơn vị vận chuyển";
const REVERSED = "Vinamilk ra mắt sữa hạt mới, hàng giao đến siêu thị từ tuần sau";
const APART = "Vinamilk giao hàng, hàng nhanh hết lắm các mẹ ơi";
const KIND = "Nhân viên tổng đài Vinamilk rất hoà nhã";
// Half an hour either side of midnight on 1 November in Vietnam (both still 31 October in UTC).
const OCTOBER = "Vinamilk khuyến mãi cuối tháng mười";
const NOVEMBER = "Vinamilk khuyến mãi đầu tháng mười một";

beforeAll(async () => {
  ctx = await createTestContext();
  a = await tenant("Vinamilk A");
  b = await tenant("Vinamilk B");
  pool = await keyOf("--pool", "đối tác mạng xã hội");
  await ingest(pool, [post("1", FAST), post("2", SLOW), post("3", REVERSED), post("4", APART), post("5", KIND, "Lê Hoàng Long")]);
  await ingest(pool, [
    post("6", OCTOBER, undefined, "2026-10-31T23:30:00+07:00"),
    post("7", NOVEMBER, undefined, "2026-11-01T00:30:00+07:00"),
  ]);
  await ingest(b.key, [post("b1", "Vinamilk giao hàng tận nhà, chỉ khách của B thấy bài này")]);
});
afterAll(() => ctx.close());

test("a phrase finds its words next to each other and in order, typed with or without diacritics", async () => {
  for (const text of ["giao hàng", "GIAO HÀNG", "giao hang", "Giao   hàng!"])
    expect(await search(a, text)).toEqual([APART, FAST, SLOW].sort());
  expect(await search(a, "hàng giao")).toEqual([REVERSED]);
  expect(await search(a, "giao hàng nhanh")).toEqual([FAST]);
  expect(await search(a, "sữa hạt mới")).toEqual([REVERSED]);
  expect(await search(a, "nhanh giao hàng")).toEqual([]);
});

test("whole words only, both tone-mark placements, authors too", async () => {
  expect(await search(a, "gia")).toEqual([]);
  expect(await search(a, "vinamil")).toEqual([]);
  for (const text of ["hoà nhã", "hòa nhã", "hoa nha"]) expect(await search(a, text)).toEqual([KIND]);
  expect(await search(a, "Lê Hoàng Long")).toEqual([KIND]);
  expect(await search(a, "le hoang")).toEqual([KIND]);
});

test("a search sees only the project's own mentions", async () => {
  expect(await search(b, "giao hàng")).toEqual([APART, FAST, SLOW, "Vinamilk giao hàng tận nhà, chỉ khách của B thấy bài này"].sort());
  expect(await search(a, "tận nhà")).toEqual([]);
  expect(await search(b, "tận nhà")).toHaveLength(1);
});

test("a search covers its period to the day in Vietnam time, across months", async () => {
  expect(await search(a, "khuyến mãi", { start_date: "2026-11-01", end_date: "2026-11-21" })).toEqual([NOVEMBER]);
  expect(await search(a, "khuyến mãi", { start_date: "2026-10-31", end_date: "2026-10-31" })).toEqual([OCTOBER]);
  expect(await search(a, "khuyến mãi", { start_date: "2026-10-01", end_date: "2026-11-21" })).toEqual([OCTOBER, NOVEMBER].sort());
  expect(await search(a, "tháng mười", { start_date: "2026-09-01", end_date: "2026-11-21" })).toEqual([OCTOBER, NOVEMBER].sort());
  expect(await search(a, "khuyến mãi", { start_date: "2026-06-01", end_date: "2026-10-30" })).toEqual([]);
});

test("a search of punctuation alone filters nothing", async () => {
  expect(await search(a, "!!!")).toHaveLength(7);
});

test("a search's counters add up its mentions' metrics, also after a document is collected again", async () => {
  const stats = async () => {
    const query = new URLSearchParams({ project_ids: String(a.projectId), type_time: "month", search: "giao hàng" });
    return (await (await ctx.request(`/api/mention/stats?${query}`, { token: a.token })).json()).data;
  };
  expect(await stats()).toMatchObject({ total_mention: 3, total_like: 12, total_comment: 6, total_share: 0 });
  await ingest(pool, [{ ...post("1", FAST), metrics: { likes: 40, shares: 5, comments: 9, views: 1200 } }]);
  expect(await stats()).toMatchObject({ total_mention: 3, total_like: 48, total_comment: 13, total_share: 5, total_view: 1200 });
});

test("mentions stored before the search migration are found after it, with their documents' metrics", async () => {
  const handle = await freshDatabase(loadMigrations().filter((m) => m.version < 22));
  try {
    const publishedAt = new Date("2026-11-20T00:15:00Z");
    const documentId = await insertDocument(handle.db, { content: "Vinamilk giao hàng tận nơi ở Cần Thơ", publishedAt, likes: 7 });
    await sql`insert into mentions (project_id, document_id, published_at, channel, mention_type, sentiment, matched_keywords, created_at, updated_at)
      values (42, ${documentId}, ${publishedAt}, 2, 0, 0, array['vinamilk'], now(), now())`.execute(handle.db);
    await migrate(handle.db);
    const found = (term: string) =>
      sql<{ likes: string }>`select likes from mentions
        where search_terms && search_term_months(42, ${term}, ${new Date("2026-11-01T00:00:00+07:00")}, ${new Date("2026-12-01T00:00:00+07:00")})`
        .execute(handle.db)
        .then((r) => r.rows.map((row) => Number(row.likes)));
    expect(await found("giao hang")).toEqual([7]);
    expect(await found("can tho")).toEqual([7]);
    expect(await found("hang giao")).toEqual([]);
  } finally {
    await handle.close();
  }
});

test("the terms computed at ingest are those the database's own function gives, for every mention", async () => {
  const differing = await sql<{ n: number; total: number }>`
    select count(*) filter (where
        array(select unnest(m.search_terms) order by 1) <> array(select unnest(mention_search_terms(m.project_id, m.published_at, d.search_text)) order by 1)
      )::int as n,
      count(*)::int as total
    from mentions m join documents d on d.id = m.document_id`.execute(ctx.handle.db);
  expect(differing.rows[0].total).toBeGreaterThan(5);
  expect(differing.rows[0].n).toBe(0);
});

test("the hash is the database's hashtextextended for every length and seed", async () => {
  const random = seededRandom(11);
  const letters = "aăâbcdđeêghiklmnoôơpqrstuưvxyáàảãạếềểễệ0123456789 ";
  const cases = Array.from({ length: 200 }, (_, i) => ({
    text: Array.from({ length: i % 41 }, () => random.pick([...letters])).join(""),
    seed: Math.floor(random.next() * 2 ** (i % 2 ? 52 : 20)),
  }));
  const inDatabase = await sql<{ hash: string }>`
    select hashtextextended(c.text, c.seed)::text as hash
    from unnest(${cases.map((c) => c.text)}::text[], ${cases.map((c) => c.seed)}::bigint[]) with ordinality as c (text, seed, n)
    order by c.n`.execute(ctx.handle.db);
  const encoder = new TextEncoder();
  const here = cases.map(({ text, seed }) => {
    const bytes = encoder.encode(text);
    return hashBytesExtended(bytes, 0, bytes.length, seed).toString();
  });
  expect(here).toEqual(inDatabase.rows.map((r) => r.hash));
});
