import { sql } from "kysely";
import { afterAll, beforeAll, expect, test } from "vitest";
import { findDbCommand } from "../../src/server/cli/db-commands.ts";
import { maintainDatabaseJob } from "../../src/server/jobs/maintain-database.ts";
import { monthStart } from "../../src/shared/time-range.ts";
import { rollupsAndTruth } from "../factories/rollup-check.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";

// Issue 20, "Deliver 4": mentions in monthly partitions (Vietnam time), made ahead by a nightly job and at ingest,
// with a retention setting that drops old months together with their counters.
let ctx: TestContext;
let token: string;
let projectId: number;
let poolKey: string;

let now: Date;
const DAY = 86_400_000;
/** Days ago, at 10:00 in Vietnam. */
const daysAgo = (days: number) => new Date(monthStart(now, 0).getTime() - days * DAY + 3 * 3_600_000);

const post = (id: string, content: string, publishedAt: Date, author: string) => ({
  channel: 1,
  external_id: id,
  url: `https://www.facebook.com/groups/mevabe/posts/${id}`,
  content,
  published_at: publishedAt.toISOString(),
  source: { name: "Hội Mẹ Bỉm Sữa" },
  author: { name: author, id: author },
  metrics: { likes: 3, shares: 1, comments: 2, views: 50 },
});

const documents = () => [
  post("this-month", "Vinamilk tặng quà cho khách mua sữa tươi tháng này", new Date(now.getTime() - 3_600_000), "Nguyễn Thu Trang"),
  post("last-month", "Sữa Vinamilk giao chậm, cửa hàng xin lỗi khách", daysAgo(10), "Nguyễn Thu Trang"),
  post("four-months", "Vinamilk ra mắt dòng sữa hạt ít đường", daysAgo(120), "Nguyễn Thu Trang"),
  post("long-ago", "Hồi đó uống sữa Vinamilk ở trường mỗi sáng", new Date("2015-06-15T03:00:00Z"), "Trần Văn Bình"),
];

async function ingest(documents: unknown[]) {
  const res = await ctx.request("/api/ingest", { method: "POST", json: { documents }, headers: { "x-api-key": poolKey } });
  expect(res.status).toBe(200);
  expect((await res.json()).data.rejected).toEqual([]);
}

/** Where each of the project's mentions lives, by its document's external id. */
async function placement(): Promise<Record<string, string>> {
  const rows = await sql<{ external_id: string; partition: string }>`
    select d.external_id, m.tableoid::regclass::text as partition from mentions m join documents d on d.id = m.document_id
    where m.project_id = ${projectId}`.execute(ctx.deps.db);
  return Object.fromEntries(rows.rows.map((r) => [r.external_id, r.partition]));
}

const partitionName = async (at: Date) =>
  (await sql<{ name: string }>`select mention_partition_name(${at}) as name`.execute(ctx.deps.db)).rows[0].name;

beforeAll(async () => {
  ctx = await createTestContext();
  now = ctx.deps.now();
  const user = await createVerifiedUser(ctx);
  token = user.token;
  const created = await (
    await ctx.request("/api/project", {
      method: "POST",
      token,
      json: { brand_id: 0, name: "Vinamilk", keywords: ["Vinamilk"], competitors: [] },
    })
  ).json();
  projectId = created.data.id;
  const keyed = await findDbCommand("apikey")!.run(ctx.deps, ["create", "--pool", "đối tác"], "");
  poolKey = JSON.parse(keyed.stdout.split("\n")[0]).key;
  await ingest(documents());
});
afterAll(() => ctx.close());

test("mentions land in their month's partition, made at ingest; a mention from years ago waits in the default one", async () => {
  expect(await placement()).toEqual({
    "this-month": await partitionName(new Date(now.getTime() - 3_600_000)),
    "last-month": await partitionName(daysAgo(10)),
    "four-months": await partitionName(daysAgo(120)),
    "long-ago": "mentions_default",
  });
  // The month starts at midnight in Vietnam: 23:30 on the last day of the month before is still that month.
  const lastMinute = new Date(monthStart(now, 0).getTime() - 30 * 60_000);
  expect(await partitionName(lastMinute)).toBe(await partitionName(daysAgo(10)));
  expect(await partitionName(lastMinute)).not.toBe(await partitionName(now));
});

test("collecting the same items again adds no mention and keeps the counters exact", async () => {
  await ingest(documents().map((d) => ({ ...d, metrics: { ...d.metrics, likes: 9 } })));
  const count = await sql<{ n: number }>`select count(*)::int as n from mentions where project_id = ${projectId}`.execute(ctx.deps.db);
  expect(count.rows[0].n).toBe(4);
  const { rollups, truth } = await rollupsAndTruth(ctx.deps.db, projectId);
  expect(rollups).toEqual(truth);
});

test("the hourly job makes next month's partition ahead, and moves a month waiting in the default partition into its own", async () => {
  const handle = ctx.deps.db;
  const fourteenMonths = new Date(monthStart(now, 14).getTime() + 5 * DAY);
  const name = await partitionName(fourteenMonths);
  // A mention written straight into the table, for a month without a partition, waits in the default one.
  const documentId = (await sql<{ id: number }>`select id from documents where external_id = 'long-ago'`.execute(handle)).rows[0].id;
  await sql`insert into mentions (project_id, document_id, published_at, channel, mention_type, sentiment, matched_keywords, created_at, updated_at)
    values (${projectId + 1000}, ${documentId}, ${fourteenMonths}, 1, 0, 0, array['vinamilk'], now(), now())`.execute(handle);
  const where = () =>
    sql<{ partition: string }>`select tableoid::regclass::text as partition from mentions where project_id = ${projectId + 1000}`
      .execute(handle)
      .then((r) => r.rows.map((row) => row.partition));
  expect(await where()).toEqual(["mentions_default"]);

  await sql`select ensure_mention_partitions(array[${fourteenMonths}::timestamptz])`.execute(handle);
  expect(await where()).toEqual([name]);
  await sql`delete from mentions where project_id = ${projectId + 1000}`.execute(handle);

  const next = await partitionName(monthStart(now, -1));
  await maintainDatabaseJob.handler(ctx.deps, {});
  const exists = await sql<{ found: boolean }>`select to_regclass(${next}) is not null as found`.execute(handle);
  expect(exists.rows[0].found).toBe(true);
  // And the planner knows the mentions (PGlite never analyzes by itself).
  const stats = await sql<{ n: number }>`select count(*)::int as n from pg_stats where tablename = 'mentions'`.execute(handle);
  expect(stats.rows[0].n).toBeGreaterThan(0);
});

test("the retention setting drops the months before it with their counters; every figure still adds up", async () => {
  const handle = ctx.deps.db;
  const retention = { ...ctx.deps, config: { ...ctx.deps.config, mentionRetentionMonths: 2 } };
  const old = await partitionName(daysAgo(120));
  const horizon = monthStart(now, 2);
  const audience = () =>
    sql<{ months: number; first: Date }>`
      select count(*)::int as months, min(first_month) as first from audience_monthly where project_id = ${projectId} and not sample`
      .execute(handle)
      .then((r) => ({ months: r.rows[0].months, first: new Date(r.rows[0].first).getTime() }));
  // The author of the four-month-old post wrote again last month: her first month in the project is about to go.
  expect((await audience()).first).toBeLessThan(horizon.getTime());
  await maintainDatabaseJob.handler(retention, {});

  expect(Object.keys(await placement()).sort()).toEqual(["last-month", "this-month"]);
  const exists = await sql<{ found: boolean }>`select to_regclass(${old}) is not null as found`.execute(handle);
  expect(exists.rows[0].found).toBe(false);
  const { rollups, truth } = await rollupsAndTruth(handle, projectId);
  expect(rollups).toEqual(truth);
  const after = await audience();
  expect(after.months).toBeGreaterThan(0);
  expect(after.first).toBe(monthStart(now, 1).getTime());
  // The screens agree: the mention list of the last year shows the two mentions left.
  const day = (at: Date) => at.toISOString().slice(0, 10);
  const query = new URLSearchParams({ project_ids: String(projectId), start_date: day(daysAgo(300)), end_date: day(now) });
  const { data } = await (await ctx.request(`/api/mention/index?${query}`, { token })).json();
  expect(data.total).toBe(2);
  // The document pool is every project's and stays.
  const documents = await sql<{ n: number }>`select count(*)::int as n from documents`.execute(handle);
  expect(documents.rows[0].n).toBe(4);
});
