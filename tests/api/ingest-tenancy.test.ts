import { afterAll, beforeAll, expect, test } from "vitest";
import { findDbCommand } from "../../src/server/cli/db-commands.ts";
import { loadMigrations, migrate } from "../../src/server/db/migrate.ts";
import { seedDemo } from "../../src/server/services/demo/seed-demo.ts";
import { insertDocument } from "../factories/documents.ts";
import { rollupsAndTruth } from "../factories/rollup-check.ts";
import { freshDatabase } from "../factories/test-database.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";

type Tenant = { token: string; userId: number; username: string; projectId: number; key: string };

let ctx: TestContext;
let a: Tenant;
let b: Tenant;
let poolKey: string;

const apikey = (...args: string[]) => findDbCommand("apikey")!.run(ctx.deps, args, "");
const keyOf = async (...args: string[]) => JSON.parse((await apikey("create", ...args)).stdout.split("\n")[0]).key as string;

async function tenant(name: string, keywords: string[]): Promise<Tenant> {
  const { token, account, user } = await createVerifiedUser(ctx);
  const created = await (
    await ctx.request("/api/project", { method: "POST", token, json: { brand_id: 0, name, keywords, competitors: [] } })
  ).json();
  if (created.code !== 200) throw new Error(JSON.stringify(created));
  return {
    token,
    userId: user.id,
    username: account.username,
    projectId: created.data.id,
    key: await keyOf(account.username, "crawler riêng"),
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  a = await tenant("Trung Nguyên A", ["Trung Nguyên"]);
  b = await tenant("Trung Nguyên B", ["Trung Nguyên"]);
  poolKey = await keyOf("--pool", "đối tác báo chí");
});
afterAll(() => ctx.close());

const ingest = async (key: string, documents: unknown[]) => {
  const res = await ctx.request("/api/ingest", { method: "POST", json: { documents }, headers: { "x-api-key": key } });
  expect(res.status).toBe(200);
  return (await res.json()).data;
};

const post = (id: string, content: string, likes = 12) => ({
  channel: 1,
  external_id: id,
  url: `https://www.facebook.com/groups/caphe/posts/${id}`,
  content,
  published_at: "2026-11-20T07:15:00+07:00",
  source: { name: "Hội Yêu Cà Phê Việt" },
  author: { name: "Lê Văn Hùng" },
  metrics: { likes, shares: 1, comments: 3 },
});

const get = async (path: string, token: string, query: Record<string, string>) =>
  (await (await ctx.request(`${path}?${new URLSearchParams(query)}`, { token })).json()).data;

/** Everything a tenant's dashboard is computed from, plus what it shows. */
async function snapshot(t: Tenant) {
  const { db } = ctx.handle;
  const mentions = await db.selectFrom("mentions").selectAll().where("project_id", "=", t.projectId).orderBy("document_id").execute();
  const query = { project_ids: String(t.projectId), type_time: "month" };
  return {
    mentions,
    documents: mentions.length
      ? await db
          .selectFrom("documents")
          .selectAll()
          .where(
            "id",
            "in",
            mentions.map((m) => m.document_id),
          )
          .orderBy("id")
          .execute()
      : [],
    hourly: await db
      .selectFrom("mention_rollups_hourly")
      .selectAll()
      .where("project_id", "=", t.projectId)
      .orderBy("hour")
      .orderBy("channel")
      .orderBy("sentiment")
      .orderBy("is_noise")
      .execute(),
    daily: await db
      .selectFrom("mention_sources_daily")
      .selectAll()
      .where("project_id", "=", t.projectId)
      .orderBy("day")
      .orderBy("channel")
      .orderBy("sentiment")
      .orderBy("is_noise")
      .orderBy("source_name")
      .execute(),
    stats: await get("/api/dashboard/stats", t.token, query),
    list: await get("/api/mention/index", t.token, query),
  };
}

const documentsWith = (externalId: string) =>
  ctx.handle.db
    .selectFrom("documents")
    .select(["account_id", "likes"])
    .where("external_id", "=", externalId)
    .orderBy("account_id")
    .execute();

test("another account's key cannot change a tenant's mention or totals, for its own document or a pool one", async () => {
  expect(await ingest(a.key, [post("a-1", "Cà phê Trung Nguyên pha phin sáng nay rất thơm")])).toMatchObject({ inserted: 1, mentions: 1 });
  expect(await ingest(poolKey, [post("pool-1", "Trung Nguyên Legend mở thêm quán ở Đà Lạt")])).toMatchObject({ inserted: 1, mentions: 2 });
  const before = await snapshot(a);
  expect(before.mentions).toHaveLength(2);

  const attack = await ingest(b.key, [
    post("a-1", "Cà phê Trung Nguyên pha phin sáng nay rất thơm", 987_654_321),
    post("pool-1", "Trung Nguyên Legend mở thêm quán ở Đà Lạt", 987_654_321),
  ]);
  // B's key makes B's own copies; it updates nothing, and B's project keeps the pool item it already had.
  expect(attack).toMatchObject({ accepted: 2, inserted: 2, updated: 0, mentions: 1 });
  expect(await snapshot(a)).toEqual(before);
  expect(await documentsWith("a-1")).toEqual([
    { account_id: a.userId, likes: 12 },
    { account_id: b.userId, likes: 987_654_321 },
  ]);
  expect(await documentsWith("pool-1")).toEqual([
    { account_id: b.userId, likes: 987_654_321 },
    { account_id: null, likes: 12 },
  ]);
  for (const t of [a, b]) {
    const { rollups, truth } = await rollupsAndTruth(ctx.handle.db, t.projectId);
    expect(rollups).toEqual(truth);
  }
});

test("an account's documents never reach another account's projects: not at ingest, not by scan-data, not on the dashboard", async () => {
  const secret = post("b-secret", "Trung Nguyên sắp ra vị sầu riêng Đắk Lắk, tài liệu nội bộ chưa công bố");
  expect(await ingest(b.key, [secret])).toMatchObject({ inserted: 1, mentions: 1 });
  const before = await snapshot(a);

  expect((await ctx.request("/api/scan-data", { method: "POST", token: a.token, json: {} })).status).toBe(200);
  expect(await snapshot(a)).toEqual(before);
  const search = { project_ids: String(a.projectId), type_time: "month", search: "sầu riêng" };
  expect((await get("/api/mention/index", a.token, search)).total).toBe(0);
  expect((await get("/api/mention/index", b.token, { ...search, project_ids: String(b.projectId) })).total).toBe(1);
  const cloud = await get("/api/dashboard/top-words", a.token, { project_ids: String(a.projectId), type_time: "month" });
  expect(JSON.stringify(cloud)).not.toMatch(/sầu riêng|nội bộ/);

  // A project created after the document, with a keyword only B's document has, finds nothing either.
  const c = await tenant("Sầu riêng", ["sầu riêng Đắk Lắk"]);
  expect((await (await ctx.request("/api/scan-data", { method: "POST", token: c.token, json: {} })).json()).data).toEqual(["Sầu riêng"]);
  // The owner's own scan links it to a new project of theirs.
  await ctx.request(`/api/project/${b.projectId}`, {
    method: "PUT",
    token: b.token,
    json: {
      brand_id: 0,
      name: "Trung Nguyên B",
      keywords: ["Trung Nguyên"],
      competitors: [{ name: "Sầu riêng", keywords: ["sầu riêng Đắk Lắk"] }],
    },
  });
  expect((await (await ctx.request("/api/scan-data", { method: "POST", token: b.token, json: {} })).json()).data).toEqual([]);
});

test("pool keys reach every project; apikey list shows each key's scope", async () => {
  expect(await ingest(poolKey, [post("pool-2", "Giá cà phê Trung Nguyên tăng 5% từ tháng 12")])).toMatchObject({
    inserted: 1,
    mentions: 2,
  });
  const rows = (await apikey("list")).stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  const scopes = rows.map((r) => [r.scope, r.username, r.label]);
  expect(scopes).toEqual(
    expect.arrayContaining([
      ["account", a.username, "crawler riêng"],
      ["account", b.username, "crawler riêng"],
      ["pool", null, "đối tác báo chí"],
    ]),
  );
  expect(scopes.filter(([scope]) => scope === "pool")).toHaveLength(1);
  expect((await apikey("revoke", "không-phải-số")).exitCode).toBe(2);
});

test("dedup happens inside a scope: each scope keeps its copy and re-sending updates only that copy", async () => {
  const item = (likes: number) => post("dup-1", "Trung Nguyên khuyến mãi mua 2 tặng 1 cuối tuần", likes);
  expect(await ingest(a.key, [item(5)])).toMatchObject({ inserted: 1 });
  expect(await ingest(a.key, [item(5)])).toMatchObject({ inserted: 0, updated: 0 });
  expect(await ingest(b.key, [item(7)])).toMatchObject({ inserted: 1 });
  expect(await ingest(poolKey, [item(9)])).toMatchObject({ inserted: 1, mentions: 0 });
  expect(await ingest(a.key, [item(50)])).toMatchObject({ inserted: 0, updated: 1 });
  expect(await documentsWith("dup-1")).toEqual([
    { account_id: a.userId, likes: 50 },
    { account_id: b.userId, likes: 7 },
    { account_id: null, likes: 9 },
  ]);
  const { rollups, truth } = await rollupsAndTruth(ctx.handle.db, a.projectId);
  expect(rollups).toEqual(truth);
});

test("the demo account's generated documents stay its own", async () => {
  const seeded = await seedDemo(ctx.deps, { count: 200 });
  expect(seeded).toMatchObject({ created: true });
  const d = await tenant("Mộc Lan thật", ["Sữa Mộc Lan", "Đồng Xanh", "NutriViệt"]);
  expect((await (await ctx.request("/api/scan-data", { method: "POST", token: d.token, json: {} })).json()).data).toEqual(["Mộc Lan thật"]);
  expect(seeded.created && seeded.mentions).toBeGreaterThan(0);
});

test("after the migration, documents stored before it are the pool's and keys made before it stay their account's", async () => {
  const handle = await freshDatabase(loadMigrations().filter((m) => m.version < 12));
  try {
    const now = new Date("2026-11-20T00:00:00Z");
    const user = await handle.db
      .insertInto("users")
      .values({
        username: "truoc_day",
        full_name: "Trần Thị Mai",
        phone: "0912000111",
        company: "Cà phê Mai",
        email: "mai@caphe.vn",
        password_hash: "-",
        verified_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto("api_keys")
      .values({ user_id: user.id, label: "cũ", key_hash: "h", key_prefix: "nk_cu", created_at: now })
      .execute();
    const id = await insertDocument(handle.db, { content: "Cà phê Mai khai trương chi nhánh Huế", publishedAt: now });
    await migrate(handle.db);

    const old = await handle.db.selectFrom("documents").select(["account_id", "dedup_key"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(old.account_id).toBeNull();
    expect(await handle.db.selectFrom("api_keys").select("user_id").executeTakeFirstOrThrow()).toEqual({ user_id: user.id });
    const copy = async (accountId: number | null) => {
      const row = await handle.db.selectFrom("documents").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      const { id: _id, ...fields } = row;
      return handle.db
        .insertInto("documents")
        .values({ ...fields, account_id: accountId })
        .execute();
    };
    await copy(user.id);
    await expect(copy(user.id)).rejects.toThrow(/duplicate key/);
    await expect(copy(null)).rejects.toThrow(/duplicate key/);
  } finally {
    await handle.close();
  }
});
