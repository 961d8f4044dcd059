import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seededRandom } from "../../src/shared/seeded-random.ts";
import { ingestDocuments } from "../../src/server/services/ingest/ingest-documents.ts";
import { presetRange } from "../../src/shared/time-range.ts";
import { randomCollected } from "../factories/documents.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";

let ctx: TestContext;
let token: string;
let userId: number;
let ids: number[];
let foreignId: number;
const DAY = 86_400_000;

const TEXTS = [
  "Cà phê Trung Nguyên thơm ngon, đậm đà, rất thích",
  "Highlands Coffee phục vụ chậm, thất vọng quá",
  "Phúc Long ra mắt trà sữa mới tại Hà Nội",
  "Uống Trung Nguyên mỗi sáng, tuyệt vời #caphe",
  "Highlands tăng giá nước mà chất lượng giảm",
  "MINIGAME tag 3 bạn bè nhận quà từ Phúc Long, inbox giá 0912345678",
];

beforeAll(async () => {
  ctx = await createTestContext();
  ({
    token,
    user: { id: userId },
  } = await createVerifiedUser(ctx));
  await ctx.request("/api/project", {
    method: "POST",
    token,
    json: {
      brand_id: 0,
      name: "Trung Nguyên",
      keywords: ["Trung Nguyên"],
      competitors: [
        { name: "Highlands", keywords: ["Highlands"] },
        { name: "Phúc Long", keywords: ["Phúc Long"] },
      ],
    },
  });
  ids = (await (await ctx.request("/api/project/list-user-projects", { token })).json()).data.map((p: { id: number }) => p.id);
  const other = await createVerifiedUser(ctx);
  foreignId = (
    await (
      await ctx.request("/api/project", {
        method: "POST",
        token: other.token,
        json: { brand_id: 0, name: "Khác", keywords: ["Trung Nguyên"], competitors: [] },
      })
    ).json()
  ).data.id;

  const random = seededRandom(11);
  const now = ctx.deps.now().getTime();
  const docs = Array.from({ length: 1200 }, (_, i) =>
    randomCollected(random, {
      externalId: `dash-${i}`,
      content: `${random.pick(TEXTS)} (${i})`,
      publishedAt: new Date(now - random.next() * 75 * DAY),
    }),
  );
  await ingestDocuments(ctx.deps, docs);
});
afterAll(() => ctx.close());

const get = async (path: string, query: Record<string, string>, as = token) => {
  const res = await ctx.request(`${path}?${new URLSearchParams(query)}`, { token: as });
  return { status: res.status, body: await res.json() };
};

/** The same figures straight from mentions and documents, written independently of the services. */
async function direct(
  projectIds: number[],
  q: { start: Date; end: Date; channels?: number[]; sentiments?: number[]; mentionType?: number; hideNoise: boolean; search?: string },
) {
  const where = sql.join(
    [
      sql`m.project_id in (${sql.join(projectIds)})`,
      sql`m.published_at >= ${q.start} and m.published_at < ${q.end}`,
      q.channels ? sql`m.channel in (${sql.join(q.channels)})` : sql`true`,
      q.sentiments ? sql`m.sentiment in (${sql.join(q.sentiments)})` : sql`true`,
      q.mentionType !== undefined ? sql`m.mention_type = ${q.mentionType}` : sql`true`,
      q.hideNoise ? sql`not m.is_noise` : sql`true`,
      q.search ? sql`' ' || d.search_text || ' ' like ${`% ${q.search} %`}` : sql`true`,
    ],
    sql` and `,
  );
  const base = sql`from mentions m join documents d on d.id = m.document_id where ${where}`;
  const totals = (
    await sql<Record<string, number>>`select count(*)::int as total_mention, count(*) filter (where m.mention_type = 0)::int as total_post,
      coalesce(sum(d.views),0)::int as total_view, coalesce(sum(d.comments),0)::int as total_comment, coalesce(sum(d.likes),0)::int as total_like,
      coalesce(sum(d.shares),0)::int as total_share, count(*) filter (where m.mention_type in (1,2))::int as total_comment_post ${base}`.execute(
      ctx.handle.db,
    )
  ).rows[0];
  const byChannel = (
    await sql<{ channel_id: number; n: number }>`select m.channel as channel_id, count(*)::int as n ${base} group by m.channel`.execute(
      ctx.handle.db,
    )
  ).rows;
  const byProjectSentiment = (
    await sql<{
      p: number;
      s: number;
      n: number;
    }>`select m.project_id::int as p, m.sentiment::int as s, count(*)::int as n ${base} group by 1, 2`.execute(ctx.handle.db)
  ).rows;
  const bySource = (
    await sql<{
      source_name: string;
      n: number;
    }>`select d.source_name, count(*)::int as n ${base} group by d.source_name, m.channel order by n desc`.execute(ctx.handle.db)
  ).rows;
  return { totals, byChannel, byProjectSentiment, bySource };
}

describe("every figure equals a direct computation over the same mentions", () => {
  const random = seededRandom(99);
  const cases = Array.from({ length: 10 }, (_, i) => {
    const startDaysAgo = random.int(5, 70);
    const length = random.int(1, 40);
    const channels =
      random.next() < 0.6 ? Array.from(new Set(Array.from({ length: random.int(1, 8) }, () => random.int(1, 15)))) : undefined;
    const sentiments = random.next() < 0.4 ? [random.int(0, 2)] : undefined;
    const mentionType = random.next() < 0.3 ? random.int(0, 2) : undefined;
    const search = random.next() < 0.2 ? random.pick(["ca phe", "trà sữa", "that vong"]) : undefined;
    const contracted = i % 2 === 0;
    return { i, startDaysAgo, length, channels, sentiments, mentionType, search, contracted };
  });

  test.each(cases)("case $i", async ({ startDaysAgo, length, channels, sentiments, mentionType, search, contracted }) => {
    await ctx.handle.db
      .updateTable("users")
      .set({ account_type: contracted ? 1 : 0 })
      .where("id", "=", userId)
      .execute();
    const now = ctx.deps.now().getTime();
    const day = (offset: number) => new Date(now - offset * DAY + 7 * 3600_000).toISOString().slice(0, 10);
    const startDate = day(startDaysAgo);
    const endDate = day(Math.max(0, startDaysAgo - length));
    const query: Record<string, string> = { project_ids: ids.join(","), start_date: startDate, end_date: endDate };
    if (channels) query.channel_ids = channels.join(",");
    if (sentiments) query.sentiment_ids = sentiments.join(",");
    if (mentionType !== undefined) query.mention_type = String(mentionType);
    if (search) query.search = search;
    const range = { start: new Date(`${startDate}T00:00:00+07:00`), end: new Date(new Date(`${endDate}T00:00:00+07:00`).getTime() + DAY) };
    const want = await direct(ids, {
      ...range,
      channels,
      sentiments,
      mentionType,
      hideNoise: !contracted,
      search: search ? search.normalize("NFD").replace(/[\u0300-\u036f]/g, "") : undefined,
    });

    const stats = (await get("/api/dashboard/stats", query)).body.data;
    expect({ ...stats, previous: undefined, change: undefined }).toEqual({ ...want.totals, previous: undefined, change: undefined });

    const channelsGot = (await get("/api/dashboard/number-mention", query)).body.data;
    expect(
      Object.fromEntries(channelsGot.map((c: { channel_id: number; total_mention: number }) => [c.channel_id, c.total_mention])),
    ).toEqual(Object.fromEntries(want.byChannel.map((c) => [c.channel_id, c.n])));

    const sentimentsGot = (await get("/api/dashboard/sentiment-by-projects", query)).body.data;
    for (const row of sentimentsGot) {
      for (const [s, name] of [
        [0, "neutral"],
        [1, "positive"],
        [2, "negative"],
      ] as const) {
        expect(row[name], `project ${row.project_id} sentiment ${s}`).toBe(
          want.byProjectSentiment.find((r) => r.p === row.project_id && r.s === s)?.n ?? 0,
        );
      }
    }

    const trend = (await get("/api/dashboard/trend-discuss", query)).body.data;
    for (const series of trend.series) {
      const expected = want.byProjectSentiment.filter((r) => r.p === series.key).reduce((sum, r) => sum + r.n, 0);
      expect(series.values.reduce((a: number, b: number) => a + b, 0)).toBe(expected);
    }

    const list = (await get("/api/mention/index", { ...query, summary_sort: "interact" })).body.data;
    expect(list.total).toBe(want.totals.total_mention);
    expect(list.data.length).toBe(Math.min(20, want.totals.total_mention));
    const interactions = list.data.map((m: { interactions: number }) => m.interactions);
    expect(interactions).toEqual([...interactions].sort((a, b) => b - a));

    const sources = (await get("/api/dashboard/top-mention", query)).body.data;
    expect(sources.by_mentions.map((s: { total_mention: number }) => s.total_mention)).toEqual(want.bySource.slice(0, 10).map((s) => s.n));
  });
});

test("a user never sees another user's mentions: every endpoint answers 404 for a foreign project", async () => {
  const endpoints = [
    "stats",
    "trend-discuss",
    "trend-sentiment",
    "number-mention",
    "sentiment-by-projects",
    "top-words",
    "top-mention",
    "mention-latest",
    "hot-mention",
    "get-data-dashboard",
  ];
  for (const name of endpoints) {
    expect((await get(`/api/dashboard/${name}`, { project_id: String(foreignId) })).status, name).toBe(404);
    expect((await get(`/api/dashboard/${name}`, { project_ids: `${ids[0]},${foreignId}` })).status, name).toBe(404);
  }
  for (const name of ["index", "stats"]) expect((await get(`/api/mention/${name}`, { project_id: String(foreignId) })).status).toBe(404);
});

test("trial accounts do not see noise; contracted ones do", async () => {
  await ctx.handle.db.updateTable("users").set({ account_type: 0 }).where("id", "=", userId).execute();
  const trial = (await get("/api/dashboard/stats", { project_ids: ids.join(","), type_time: "month" })).body.data.total_mention;
  await ctx.handle.db.updateTable("users").set({ account_type: 1 }).where("id", "=", userId).execute();
  const contracted = (await get("/api/dashboard/stats", { project_ids: ids.join(","), type_time: "month" })).body.data.total_mention;
  const noisy = await ctx.handle.db
    .selectFrom("mentions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("is_noise", "=", true)
    .where("project_id", "in", ids)
    .executeTakeFirstOrThrow();
  expect(Number(noisy.n)).toBeGreaterThan(0);
  expect(contracted).toBeGreaterThan(trial);
});

test("bad filters are 422 with the field named", async () => {
  const res = await get("/api/dashboard/stats", { start_date: "21/11/2026", end_date: "2026-11-30" });
  expect(res.status).toBe(422);
  expect(res.body.errors.start_date).toEqual(["Sai định dạng"]);
  expect((await get("/api/mention/index", { summary_sort: "random" })).status).toBe(422);
});

test("top sources over rolling periods (partial days at one or both ends) equal a direct count", async () => {
  await ctx.handle.db.updateTable("users").set({ account_type: 1 }).where("id", "=", userId).execute();
  for (const preset of ["month", "last-24h"] as const) {
    const want = await direct(ids, { ...presetRange(preset, ctx.deps.now()), hideNoise: false });
    const got = (await get("/api/dashboard/top-mention", { project_ids: ids.join(","), type_time: preset, limit: "100" })).body.data;
    expect(got.by_mentions.map((s: { total_mention: number }) => s.total_mention)).toEqual(want.bySource.map((s) => s.n));
    expect(got.by_mentions.reduce((sum: number, s: { total_mention: number }) => sum + s.total_mention, 0)).toBe(want.totals.total_mention);
  }
});

test("the keyword cloud leaves out the projects' own keywords and keeps what people say", async () => {
  const cloud = (await get("/api/dashboard/top-words", { project_ids: ids.join(","), type_time: "month" })).body.data;
  const terms = [...cloud.words, ...cloud.hashtags].map((w: { term: string }) => w.term);
  expect(terms.length).toBeGreaterThan(5);
  for (const own of ["trung nguyên", "trung", "nguyên", "highlands", "phúc long", "phúc", "long"]) expect(terms).not.toContain(own);
  expect(terms.some((t: string) => ["thất vọng", "thơm ngon", "trà sữa", "tăng giá", "tuyệt vời"].includes(t))).toBe(true);
});

test("search finds authors as well as text, typed with or without diacritics", async () => {
  await ctx.handle.db.updateTable("users").set({ account_type: 1 }).where("id", "=", userId).execute();
  const day = (daysAgo: number) => new Date(ctx.deps.now().getTime() - daysAgo * DAY).toISOString().slice(0, 10);
  const query = { project_ids: ids.join(","), start_date: day(80), end_date: day(-1) };
  const byAuthor = await ctx.handle.db
    .selectFrom("mentions as m")
    .innerJoin("documents as d", "d.id", "m.document_id")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("m.project_id", "in", ids)
    .where("d.author_name", "=", "Trần Mai")
    .executeTakeFirstOrThrow();
  for (const search of ["Trần Mai", "tran mai", "TRAN MAI"]) {
    const { body } = await get("/api/mention/index", { ...query, search });
    expect(body.data.total, search).toBe(Number(byAuthor.n));
    expect(new Set(body.data.data.map((m: { author_name: string }) => m.author_name))).toEqual(new Set(["Trần Mai"]));
  }
  const accented = (await get("/api/mention/index", { ...query, search: "thất vọng" })).body.data.total;
  expect(accented).toBeGreaterThan(0);
  expect((await get("/api/mention/index", { ...query, search: "that vong" })).body.data.total).toBe(accented);
});
