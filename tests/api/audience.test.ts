import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { AGE_RANGES, JOB_CATEGORIES } from "../../src/shared/audience.ts";
import { provinceByCode, REGIONS } from "../../src/shared/provinces.ts";
import { presetRange } from "../../src/shared/time-range.ts";
import type { CollectedDocument } from "../../src/server/services/ingest/collected-document.ts";
import { findDbCommand } from "../../src/server/cli/db-commands.ts";
import { seededRandom } from "../../src/shared/seeded-random.ts";
import { ingestDocuments } from "../../src/server/services/ingest/ingest-documents.ts";
import type { ClassifySentiment } from "../../src/server/nlp/sentiment/reader.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";

type Tenant = { token: string; userId: number; username: string; ids: number[] };

let ctx: TestContext;
let a: Tenant;
let b: Tenant;
let trial: Tenant;
const DAY = 86_400_000;
const ENDPOINTS = [
  "get-count-user",
  "stats",
  "index-by-provinces",
  "index-by-areas",
  "index-by-job",
  "index-by-age-channel",
  "index-by-age-project",
  "get-top-user",
];

const TEXTS = [
  "Cà phê Trung Nguyên thơm ngon, đậm đà, rất thích",
  "Highlands Coffee phục vụ chậm, thất vọng quá",
  "Phúc Long ra mắt trà sữa mới, uống thử thấy ổn",
  "Sáng nào cũng Trung Nguyên, tuyệt vời",
  "Highlands tăng giá nước mà chất lượng giảm",
  "Trung Nguyên và Highlands, bạn chọn bên nào?",
  "Quán này pha ngon, nhân viên thân thiện",
];
const LOCATIONS = [
  "Biên Hoà",
  "Sống tại Biên Hòa, Đồng Nai",
  "Hoà Bình",
  "Vũng Tàu",
  "Hà Nội",
  "Sài Gòn",
  "Thừa Thiên Huế",
  "Đà Nẵng",
  "Cần Thơ",
  "Việt Nam",
  null,
];
const JOBS = ["Sinh viên", "Nhân viên văn phòng", "Chủ shop online", "Giáo viên", "Đầu bếp", null, null];
const AGES = [...AGE_RANGES, null, null];
const CHANNELS = [1, 5, 7, 8, 9, 14];

async function tenant(
  name: string,
  keywords: string[],
  competitors: { name: string; keywords: string[] }[],
  accountType: 0 | 1,
): Promise<Tenant> {
  const { token, account, user } = await createVerifiedUser(ctx);
  await ctx.handle.db.updateTable("users").set({ account_type: accountType }).where("id", "=", user.id).execute();
  const created = await (
    await ctx.request("/api/project", { method: "POST", token, json: { brand_id: 0, name, keywords, competitors } })
  ).json();
  if (created.code !== 200) throw new Error(JSON.stringify(created));
  return {
    token,
    userId: user.id,
    username: account.username,
    ids: [created.data.id, ...created.data.children_competitor.map((c: { id: number }) => c.id)],
  };
}

/** An author as a platform shows it: by id, by profile link, by name only, or nobody. */
function authorFor(random: ReturnType<typeof seededRandom>, n: number, at: number): CollectedDocument["author"] {
  const kind = n % 4;
  const profile = {
    followers: random.next() < 0.8 ? Math.floor((at / DAY) % 1000) * (n + 1) : null,
    location: random.pick(LOCATIONS),
    ageRange: random.pick(AGES),
    job: random.pick(JOBS),
  };
  if (kind === 0) return { id: `uid-${n}`, name: `Người dùng ${n}`, url: null, ...profile };
  if (kind === 1) return { id: null, name: `Trang ${n}`, url: `https://www.Facebook.com/trang.${n}/`, ...profile };
  if (kind === 2) return { id: null, name: `Nguyễn  Văn ${n}`, url: null, ...profile };
  return null;
}

function documents(seed: number, count: number, tag: string): CollectedDocument[] {
  const random = seededRandom(seed);
  const now = ctx.deps.now().getTime();
  const thisMonth = presetRange("this-month", ctx.deps.now()).start.getTime();
  return Array.from({ length: count }, (_, i) => {
    const channel = random.pick(CHANNELS);
    const at = now - random.next() * 80 * DAY;
    return {
      channel,
      // An account is usually one channel's; some before this month speak in several (shared platform), so both ways of
      // counting several channels at once are compared: adding the channels' counts, and grouping each author's rows.
      platform: i % 7 === 0 && at < thisMonth ? "shared-platform" : `platform-${channel}`,
      externalId: `${tag}-${i}`,
      url: `https://example.vn/${tag}/${i}`,
      mentionType: random.int(0, 2) as 0 | 1 | 2,
      parentExternalId: null,
      title: null,
      content: `${random.pick(TEXTS)} (${tag} ${i})`,
      publishedAt: new Date(at),
      source: { id: null, name: "Nhóm Cà Phê", url: null },
      author: authorFor(random, random.int(0, 47), at),
      metrics: { likes: random.pareto(20), shares: random.int(0, 10), comments: random.int(0, 30), views: 0 },
      rating: null,
      ecommerceSource: null,
      hashtags: [],
    };
  });
}

const get = async (path: string, query: Record<string, string>, as: Tenant, lang?: "vi" | "en") => {
  const res = await ctx.request(`/api/audience/${path}?${new URLSearchParams(query)}`, { token: as.token, lang });
  return { status: res.status, body: await res.json() };
};

/** Sentiment by a word list: what the figures do with sentiment is under test here, not the model. */
const classify: ClassifySentiment = (text) =>
  /thất vọng|giảm/.test(text)
    ? { label: 2, scores: [0, 0, 1] }
    : /ngon|tuyệt|ổn/.test(text)
      ? { label: 1, scores: [0, 1, 0] }
      : { label: 0, scores: [1, 0, 0] };

beforeAll(async () => {
  ctx = await createTestContext({ classify });
  a = await tenant(
    "Trung Nguyên",
    ["Trung Nguyên", "pha ngon"],
    [
      { name: "Highlands", keywords: ["Highlands"] },
      { name: "Phúc Long", keywords: ["Phúc Long"] },
    ],
    1,
  );
  b = await tenant("Cà phê khác", ["Highlands"], [], 1);
  trial = await tenant("Dùng thử", ["Trung Nguyên"], [], 0);

  await ingestDocuments(ctx.deps, documents(7, 700, "pool"));
  // Re-collected counters, private documents of each account, a user's sentiment edits and a keyword change: every path
  // that changes mentions must keep the audience counters exact.
  await ingestDocuments(
    ctx.deps,
    documents(7, 300, "pool").map((d) => ({ ...d, metrics: { ...d.metrics, likes: d.metrics.likes + 5 } })),
  );
  await ingestDocuments(ctx.deps, documents(8, 120, "a-private"), { scope: { accountId: a.userId } });
  await ingestDocuments(ctx.deps, documents(9, 120, "b-private"), { scope: { accountId: b.userId } });
  const mentions = await ctx.handle.db.selectFrom("mentions").select("document_id").where("project_id", "=", a.ids[0]).limit(40).execute();
  const edited = await ctx.request("/api/mention/update", {
    method: "POST",
    token: a.token,
    json: { project_id: a.ids[0], ids: mentions.map((m) => m.document_id), sentiment: 2 },
  });
  expect(edited.status).toBe(200);
  const changed = await ctx.request(`/api/project/${a.ids[0]}`, {
    method: "PUT",
    token: a.token,
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
  expect(changed.status).toBe(200);
});
afterAll(() => ctx.close());

type Row = {
  project_id: number;
  channel: number;
  sentiment: number;
  interactions: number;
  published_at: Date;
  author: number;
  followers: number | null;
  age_range: string | null;
  job: string | null;
  province: string | null;
};

/** The figures straight from mentions, documents and authors, written independently of the counters. */
async function direct(projectIds: number[], range: { start: Date; end: Date }, channels: number[] | null) {
  const rows = (
    await sql<Row>`select m.project_id::int, m.channel::int, m.sentiment::int, (d.likes + d.shares + d.comments)::int as interactions, m.published_at,
        a.id::int as author, a.followers, a.age_range, a.job_category as job, a.province
      from mentions m join documents d on d.id = m.document_id join authors a on a.id = d.author_ref
      where m.project_id in (${sql.join(projectIds)})`.execute(ctx.handle.db)
  ).rows;
  const firstSeen = new Map<string, number>();
  for (const r of rows) {
    const key = `${r.project_id}|${r.author}`;
    firstSeen.set(key, Math.min(firstSeen.get(key) ?? Infinity, new Date(r.published_at).getTime()));
  }
  const inPeriod = rows.filter(
    (r) => new Date(r.published_at) >= range.start && new Date(r.published_at) < range.end && (!channels || channels.includes(r.channel)),
  );
  const authors = new Map<
    number,
    Row & { mentions: number; total: number; pos: number; neu: number; neg: number; isNew: boolean; channels: Map<number, number> }
  >();
  for (const r of inPeriod) {
    const seen = authors.get(r.author) ?? { ...r, mentions: 0, total: 0, pos: 0, neu: 0, neg: 0, isNew: true, channels: new Map() };
    seen.mentions += 1;
    seen.total += r.interactions;
    if (r.sentiment === 1) seen.pos += 1;
    if (r.sentiment === 0) seen.neu += 1;
    if (r.sentiment === 2) seen.neg += 1;
    // New: the first mention of each project the author spoke of in the period falls in the period.
    if (firstSeen.get(`${r.project_id}|${r.author}`)! < range.start.getTime()) seen.isNew = false;
    seen.channels.set(r.channel, (seen.channels.get(r.channel) ?? 0) + 1);
    authors.set(r.author, seen);
  }
  return { inPeriod, authors: [...authors.values()] };
}

const countBy = <T>(items: T[], key: (item: T) => string | number | null) => {
  const counts = new Map<string | number | null, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};

describe("every audience figure equals a direct computation over the same mentions", () => {
  const random = seededRandom(2026);
  const cases = Array.from({ length: 12 }, (_, i) => ({
    i,
    projects: random.pick(["brand", "competitor", "all"] as const),
    channels: random.next() < 0.5 ? [...new Set(Array.from({ length: random.int(1, 4) }, () => random.pick(CHANNELS)))] : null,
    period: random.pick(["this-month", "last-month", null] as const),
  }));

  test.each(cases)("case $i: $projects projects, channels $channels, $period", async ({ projects, channels, period }) => {
    const query: Record<string, string> = {};
    if (projects === "brand") query.project_id = String(a.ids[0]);
    if (projects === "competitor") query.project_id = String(a.ids[1]);
    if (projects === "all") query.project_ids = a.ids.join(",");
    if (channels) query.channel_ids = channels.join(",");
    if (period) query.type_time = period;
    const ids = projects === "brand" ? [a.ids[0]] : projects === "competitor" ? [a.ids[1]] : a.ids;
    const range = presetRange(period ?? "this-month", ctx.deps.now());
    const want = await direct(ids, range, channels);
    expect(want.authors.length).toBeGreaterThan(0);
    const answers = Object.fromEntries(await Promise.all(ENDPOINTS.map(async (e) => [e, await get(e, query, a)] as const)));
    for (const [endpoint, answer] of Object.entries(answers)) {
      expect(answer.status, endpoint).toBe(200);
      expect(answer.body.data.sample, endpoint).toBe(false);
    }

    const count = answers["get-count-user"].body.data;
    const newAuthors = want.authors.filter((x) => x.isNew).length;
    expect(count).toEqual({
      sample: false,
      authors: want.authors.length,
      mentions: want.inPeriod.length,
      new_authors: newAuthors,
      returning_authors: want.authors.length - newAuthors,
      known_age: want.authors.filter((x) => x.age_range).length,
      known_job: want.authors.filter((x) => x.job).length,
      known_province: want.authors.filter((x) => x.province).length,
    });

    const stats = answers.stats.body.data;
    expect(stats.interactions).toBe(want.inPeriod.reduce((sum, r) => sum + r.interactions, 0));
    expect(stats.potential_reach).toBe(want.authors.reduce((sum, x) => sum + (x.followers ?? 0), 0));
    expect(stats.known_followers).toBe(want.authors.filter((x) => x.followers !== null).length);
    expect(stats.authors_by_sentiment).toEqual({
      positive: want.authors.filter((x) => x.pos > 0).length,
      neutral: want.authors.filter((x) => x.neu > 0).length,
      negative: want.authors.filter((x) => x.neg > 0).length,
    });
    const perChannel = countBy(want.inPeriod, (r) => r.channel);
    expect(
      Object.fromEntries(
        stats.channels.map((c: { channel_id: number; authors: number; mentions: number }) => [c.channel_id, [c.authors, c.mentions]]),
      ),
    ).toEqual(
      Object.fromEntries(
        [...perChannel].map(([channel, mentions]) => [
          channel,
          [new Set(want.inPeriod.filter((r) => r.channel === channel).map((r) => r.author)).size, mentions],
        ]),
      ),
    );

    const provinces = answers["index-by-provinces"].body.data;
    const byProvince = countBy(want.authors, (x) => x.province);
    expect(provinces.unknown).toBe(byProvince.get(null) ?? 0);
    expect(
      Object.fromEntries(
        provinces.provinces.map((p: { code: string; authors: number; mentions: number }) => [p.code, [p.authors, p.mentions]]),
      ),
    ).toEqual(
      Object.fromEntries(
        [...byProvince]
          .filter(([code]) => code !== null)
          .map(([code, n]) => [code, [n, want.authors.filter((x) => x.province === code).reduce((sum, x) => sum + x.mentions, 0)]]),
      ),
    );
    const authorsOf = (list: { authors: number }[]) => list.map((p) => p.authors);
    expect(authorsOf(provinces.provinces)).toEqual([...authorsOf(provinces.provinces)].sort((x, y) => y - x));

    const areas = answers["index-by-areas"].body.data;
    expect(areas.areas.map((x: { area: string }) => x.area)).toEqual([...REGIONS]);
    for (const area of areas.areas) {
      expect(area.authors, area.area).toBe(
        want.authors.filter((x) => x.province && provinceByCode(x.province)!.region === area.area).length,
      );
    }

    const jobs = answers["index-by-job"].body.data;
    const byJob = countBy(want.authors, (x) => x.job ?? "unknown");
    expect(jobs.jobs).toEqual(JOB_CATEGORIES.map((job) => ({ job, authors: byJob.get(job) ?? 0 })));

    const ageChannel = answers["index-by-age-channel"].body.data.channels;
    expect(ageChannel.length).toBe(perChannel.size);
    for (const row of ageChannel) {
      const inChannel = [...new Map(want.inPeriod.filter((r) => r.channel === row.channel_id).map((r) => [r.author, r])).values()];
      const ages = countBy(inChannel, (r) => r.age_range);
      expect(row.authors).toBe(inChannel.length);
      expect(row.unknown).toBe(ages.get(null) ?? 0);
      expect(row.ages).toEqual(Object.fromEntries(AGE_RANGES.map((age) => [age, ages.get(age) ?? 0])));
    }

    const ageProject = answers["index-by-age-project"].body.data.projects;
    // Without project_ids the brand and its competitors, whichever project_id was given.
    const askedProjects = a.ids;
    expect(ageProject.map((p: { project_id: number }) => p.project_id)).toEqual(askedProjects);
    const treeWant = await direct(askedProjects, range, channels);
    for (const row of ageProject) {
      const inProject = [...new Map(treeWant.inPeriod.filter((r) => r.project_id === row.project_id).map((r) => [r.author, r])).values()];
      expect(row.authors).toBe(inProject.length);
      expect(row.ages["25-34"]).toBe(inProject.filter((r) => r.age_range === "25-34").length);
      expect(row.unknown).toBe(inProject.filter((r) => r.age_range === null).length);
    }

    const top = answers["get-top-user"].body.data;
    const ranked = [...want.authors].sort((x, y) => y.mentions - x.mentions || y.total - x.total || x.author - y.author).slice(0, 10);
    expect(top.sort).toBe("mentions");
    expect(top.authors.map((x: { id: number }) => x.id)).toEqual(ranked.map((x) => x.author));
    expect(top.authors[0]).toMatchObject({
      mentions: ranked[0].mentions,
      interactions: ranked[0].total,
      followers: ranked[0].followers,
      sentiment: { positive: ranked[0].pos, neutral: ranked[0].neu, negative: ranked[0].neg },
      channel_id: [...ranked[0].channels].sort((x, y) => y[1] - x[1] || x[0] - y[0])[0][0],
    });
    const byFollowers = (await get("get-top-user", { ...query, sort: "followers", limit: "5" }, a)).body.data.authors;
    const followersWant = [...want.authors]
      .sort((x, y) => (y.followers ?? -1) - (x.followers ?? -1) || y.mentions - x.mentions || x.author - y.author)
      .slice(0, 5);
    expect(byFollowers.map((x: { id: number }) => x.id)).toEqual(followersWant.map((x) => x.author));
    const byInteractions = (await get("get-top-user", { ...query, sort: "interactions", limit: "5" }, a)).body.data.authors;
    const interactionsWant = [...want.authors]
      .sort((x, y) => y.total - x.total || y.mentions - x.mentions || x.author - y.author)
      .slice(0, 5);
    expect(byInteractions.map((x: { id: number }) => x.id)).toEqual(interactionsWant.map((x) => x.author));
  });
});

/** audience_counts holds, for every attribute value, exactly what the author rows expand to (as migration 0014 says). */
async function expectEveryCountFromRows(atLeast: number) {
  const stored = await sql<Record<string, unknown>>`
    select project_id::int, sample, month, channel::int, dim, value, authors, mentions::int, interactions::int, followers::int, followers_known
    from audience_counts where authors <> 0 or mentions <> 0 or interactions <> 0 order by 1, 2, 3, 4, 5, 6`.execute(ctx.handle.db);
  const expanded = await sql<Record<string, unknown>>`
    select r.project_id::int, r.sample, r.month, r.channel::int, d.dim, d.value, count(*)::int as authors, sum(r.mentions)::int as mentions,
      sum(r.interactions)::int as interactions, coalesce(sum(r.followers), 0)::int as followers, count(r.followers)::int as followers_known
    from audience_monthly r
    cross join lateral (values
      ('all', ''), ('age', coalesce(r.age_range, '')), ('job', coalesce(r.job, '')), ('province', coalesce(r.province, '')),
      ('new', (r.first_month >= r.month)::int::text), ('positive', (r.positive > 0)::int::text), ('neutral', (r.neutral > 0)::int::text),
      ('negative', (r.negative > 0)::int::text), ('multi', (r.channels > 1)::int::text)
    ) as d (dim, value)
    group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`.execute(ctx.handle.db);
  expect(stored.rows.length).toBeGreaterThan(atLeast);
  expect(stored.rows).toEqual(expanded.rows);
}

describe("authors", () => {
  test("the stored counts equal the author rows they come from, after every kind of change", async () => {
    const counts = await sql<Record<string, unknown>>`
      select project_id::int, sample, month, channel::int, value as province, authors, mentions::int, followers::int
      from audience_counts where dim = 'province' and (authors <> 0 or mentions <> 0) order by 1, 2, 3, 4, 5, 6`.execute(ctx.handle.db);
    const rows = await sql<Record<string, unknown>>`
      select project_id::int, sample, month, channel::int, coalesce(province, '') as province, count(*)::int as authors, sum(mentions)::int as mentions,
        coalesce(sum(followers), 0)::int as followers
      from audience_monthly group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5, 6`.execute(ctx.handle.db);
    expect(counts.rows.length).toBeGreaterThan(50);
    expect(counts.rows).toEqual(rows.rows);
    // Every attribute, the sentiments, new and multi-channel authors alike.
    await expectEveryCountFromRows(500);
    // Each author's all-channel row knows how many channels the author spoke in: last month some spoke in several.
    const spread = await sql<{ month: Date; wrong: number; multi: number }>`
      select a.month, count(*) filter (where a.channels <> (select count(*) from audience_monthly c
          where c.project_id = a.project_id and c.sample = a.sample and c.month = a.month and c.author_id = a.author_id and c.channel <> 0))::int as wrong,
        count(*) filter (where a.channels > 1)::int as multi
      from audience_monthly a where a.channel = 0 and a.project_id = ${a.ids[0]} group by a.month order by a.month`.execute(ctx.handle.db);
    expect(spread.rows.every((r) => r.wrong === 0)).toBe(true);
    const multiIn = (period: "this-month" | "last-month") =>
      spread.rows.find((r) => r.month.getTime() === presetRange(period, ctx.deps.now()).start.getTime())!.multi;
    expect(multiIn("last-month")).toBeGreaterThan(0);
    expect(multiIn("this-month")).toBe(0);
  });

  test("an author's first month in a project is the earliest one, whatever order the months arrive in", async () => {
    const c = await tenant("Cộng Cà Phê", ["Cộng Cà Phê"], [], 1);
    const now = ctx.deps.now().getTime();
    const post = (n: number, daysAgo: number): CollectedDocument => ({
      ...documents(1, 1, "x")[0],
      channel: 1,
      platform: "facebook",
      externalId: `first-month-${n}`,
      url: `https://example.vn/first-month/${n}`,
      content: `Cộng Cà Phê hôm nay đông khách (${n})`,
      publishedAt: new Date(now - daysAgo * DAY),
      author: { id: "fb-first-month", name: "Trần Minh", url: null, followers: 10, location: "Hà Nội", ageRange: null, job: null },
    });
    const firstMonths = async () =>
      (
        await ctx.handle.db
          .selectFrom("audience_monthly")
          .select(["month", "first_month"])
          .where("project_id", "=", c.ids[0])
          .where("sample", "=", false)
          .execute()
      ).map((r) => ({ month: r.month.getTime(), first: r.first_month.getTime() }));
    const monthOf = (daysAgo: number) => presetRange("this-month", new Date(now - daysAgo * DAY)).start.getTime();

    // A later month after an earlier one: born with the earlier one. Then an even earlier month: every row follows.
    await ingestDocuments(ctx.deps, [post(1, 35)]);
    await ingestDocuments(ctx.deps, [post(2, 1)]);
    expect(new Set((await firstMonths()).map((r) => r.first))).toEqual(new Set([monthOf(35)]));
    await ingestDocuments(ctx.deps, [post(3, 70)]);
    const rows = await firstMonths();
    expect(new Set(rows.map((r) => r.month))).toEqual(new Set([monthOf(1), monthOf(35), monthOf(70)]));
    expect(new Set(rows.map((r) => r.first))).toEqual(new Set([monthOf(70)]));
    const newAuthors = await sql<{ month: Date; authors: number }>`
      select month, authors from audience_counts
      where project_id = ${c.ids[0]} and not sample and channel = 0 and dim = 'new' and value = '1' and authors <> 0`.execute(
      ctx.handle.db,
    );
    expect(newAuthors.rows.map((r) => [r.month.getTime(), r.authors])).toEqual([[monthOf(70), 1]]);

    // A second channel in a month the author already spoke in: the month's all-channel row counts both.
    await ingestDocuments(ctx.deps, [{ ...post(4, 1), channel: 5 }]);
    const channels = await ctx.handle.db
      .selectFrom("audience_monthly")
      .select(["month", "channels"])
      .where("project_id", "=", c.ids[0])
      .where("channel", "=", 0)
      .execute();
    expect(new Map(channels.map((r) => [r.month.getTime(), r.channels]))).toEqual(
      new Map([
        [monthOf(70), 1],
        [monthOf(35), 1],
        [monthOf(1), 2],
      ]),
    );
    await expectEveryCountFromRows(500);
  });

  test("one record per platform and identity: id, else the normalized profile link, else the name as written", async () => {
    const keys = (await ctx.handle.db.selectFrom("authors").select("author_key").where("account_id", "is", null).execute()).map(
      (r) => r.author_key,
    );
    expect(keys).toContain("id:uid-0");
    expect(keys).toContain("url:facebook.com/trang.1");
    expect(keys).toContain("name:Nguyễn Văn 2");
    // Documents without an author point to none.
    const orphans = await ctx.handle.db
      .selectFrom("documents")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("author_ref", "is", null)
      .where("author_name", "is", null)
      .executeTakeFirstOrThrow();
    expect(Number(orphans.n)).toBeGreaterThan(0);
  });

  test("the newest document's profile wins, fields it lacks are kept, and the audience counters follow", async () => {
    const now = ctx.deps.now().getTime();
    const doc = (n: number, hoursAgo: number, author: CollectedDocument["author"]): CollectedDocument => ({
      ...documents(1, 1, "x")[0],
      channel: 1,
      platform: "facebook",
      externalId: `profile-${n}`,
      url: `https://example.vn/profile/${n}`,
      content: `Trung Nguyên ngon lắm (${n})`,
      publishedAt: new Date(now - hoursAgo * 3_600_000),
      author,
    });
    const base = { id: "fb-100", name: "Lê Thị Hồng", url: null, followers: 1200, location: "Biên Hoà", ageRange: "25-34", job: "Kế toán" };
    await ingestDocuments(ctx.deps, [doc(1, 10, base)]);
    // An older post arriving later does not undo the newer profile; a newer one without a job keeps the job.
    await ingestDocuments(ctx.deps, [doc(2, 30, { ...base, followers: 900, location: "Hà Nội", ageRange: "18-24" })]);
    await ingestDocuments(ctx.deps, [doc(3, 2, { ...base, followers: 1500, location: "Hoà Bình", job: null })]);
    const author = await ctx.handle.db
      .selectFrom("authors")
      .selectAll()
      .where("platform", "=", "facebook")
      .where("author_key", "=", "id:fb-100")
      .executeTakeFirstOrThrow();
    expect(author).toMatchObject({
      name: "Lê Thị Hồng",
      followers: 1500,
      location: "Hoà Bình",
      province: "phu-tho",
      age_range: "25-34",
      job: "Kế toán",
      job_category: "office_worker",
      account_id: null,
    });
    expect(author.first_seen_at.getTime()).toBe(now - 30 * 3_600_000);
    const copies = await ctx.handle.db
      .selectFrom("audience_monthly")
      .select(["followers", "province", "job", "age_range", "mentions"])
      .where("author_id", "=", author.id)
      .execute();
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies)
      expect(copy).toMatchObject({ followers: 1500, province: "phu-tho", job: "office_worker", age_range: "25-34" });
  });

  test("an author seen only in one account's documents exists and counts only for that account", async () => {
    const now = ctx.deps.now();
    const secret = (tag: string, name: string): CollectedDocument => ({
      ...documents(2, 1, tag)[0],
      channel: 1,
      platform: "facebook",
      externalId: `${tag}-secret`,
      url: `https://example.vn/${tag}/secret`,
      content: "Highlands hôm nay đông khách, Trung Nguyên vắng",
      publishedAt: new Date(now.getTime() - 3_600_000),
      author: { id: "fb-secret", name, url: null, followers: 99_999, location: "Cần Thơ", ageRange: "35-44", job: "Giám đốc" },
    });
    await ingestDocuments(ctx.deps, [secret("a-only", "Tên Riêng Của A")], { scope: { accountId: a.userId } });
    await ingestDocuments(ctx.deps, [secret("b-only", "Tên Riêng Của B")], { scope: { accountId: b.userId } });
    const records = await ctx.handle.db
      .selectFrom("authors")
      .select(["account_id", "name"])
      .where("author_key", "=", "id:fb-secret")
      .orderBy("account_id")
      .execute();
    expect(records).toEqual(
      [
        { account_id: a.userId, name: "Tên Riêng Của A" },
        { account_id: b.userId, name: "Tên Riêng Của B" },
      ].sort((x, y) => x.account_id - y.account_id),
    );

    const topOf = async (who: Tenant, projectId: number) =>
      JSON.stringify((await get("get-top-user", { project_id: String(projectId), sort: "followers", limit: "50" }, who)).body);
    expect(await topOf(a, a.ids[1])).toContain("Tên Riêng Của A");
    expect(await topOf(b, b.ids[0])).toContain("Tên Riêng Của B");
    expect(await topOf(b, b.ids[0])).not.toContain("Tên Riêng Của A");
    expect(await topOf(a, a.ids[1])).not.toContain("Tên Riêng Của B");
  });
});

describe("validation and scope", () => {
  test("only this month and last month, with the spec's kind of message in the caller's language", async () => {
    for (const typeTime of ["month", "custom", "this-week", "last-24h"]) {
      const vi = await get("get-count-user", { project_id: String(a.ids[0]), type_time: typeTime }, a);
      expect(vi.status).toBe(422);
      expect(vi.body.errors).toEqual({ type_time: ["Chỉ chọn được tháng này hoặc tháng trước"] });
    }
    const en = await get("index-by-job", { project_id: String(a.ids[0]), type_time: "week" }, a, "en");
    expect(en.body.errors).toEqual({ type_time: ["Only this month or last month can be chosen"] });
    // Dates of a custom period are not audience filters: ignored, the period stays this month.
    const dated = await get("get-count-user", { project_id: String(a.ids[0]), start_date: "2026-01-01", end_date: "2026-01-31" }, a);
    const plain = await get("get-count-user", { project_id: String(a.ids[0]) }, a);
    expect(dated.body).toEqual(plain.body);
    expect((await get("get-top-user", { project_id: String(a.ids[0]), sort: "random" }, a)).status).toBe(422);
    expect((await get("get-top-user", { project_id: String(a.ids[0]), limit: "500" }, a)).status).toBe(422);
  });

  test("another account's project is not found, on every endpoint", async () => {
    for (const endpoint of ENDPOINTS) {
      const answer = await get(endpoint, { project_id: String(a.ids[0]) }, b);
      expect(answer.status, endpoint).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain("Trung Nguyên");
    }
    expect((await ctx.request("/api/audience/get-count-user")).status).toBe(401);
  });
});

describe("trial accounts", () => {
  test("see the stored sample, labelled, never mixed with their real mentions", async () => {
    const real = await ctx.handle.db
      .selectFrom("mentions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("project_id", "=", trial.ids[0])
      .executeTakeFirstOrThrow();
    expect(Number(real.n)).toBeGreaterThan(0);
    const first = Object.fromEntries(
      await Promise.all(ENDPOINTS.map(async (e) => [e, await get(e, { project_id: String(trial.ids[0]) }, trial)] as const)),
    );
    for (const [endpoint, answer] of Object.entries(first)) {
      expect(answer.status, endpoint).toBe(200);
      expect(answer.body.data.sample, endpoint).toBe(true);
    }
    const count = first["get-count-user"].body.data;
    expect(count.authors).toBeGreaterThan(300);
    expect(count.known_age).toBeGreaterThan(0);
    expect(count.known_age).toBeLessThan(count.authors);
    expect(first["index-by-provinces"].body.data.provinces.length).toBeGreaterThan(20);
    const stored = await ctx.handle.db
      .selectFrom("audience_monthly")
      .select((eb) => eb.fn.count<number>("author_id").distinct().as("n"))
      .where("project_id", "=", trial.ids[0])
      .where("sample", "=", true)
      .where("month", "=", presetRange("this-month", ctx.deps.now()).start)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(count.authors);

    // More real mentions change nothing the trial sees; asking again answers the same.
    await ingestDocuments(ctx.deps, documents(11, 100, "trial-more"));
    expect((await get("get-count-user", { project_id: String(trial.ids[0]) }, trial)).body).toEqual(first["get-count-user"].body);
    // Once contracted, the account sees its own authors.
    await ctx.handle.db.updateTable("users").set({ account_type: 1 }).where("id", "=", trial.userId).execute();
    const own = await get("get-count-user", { project_id: String(trial.ids[0]) }, trial);
    expect(own.body.data.sample).toBe(false);
    expect(own.body.data.authors).not.toBe(count.authors);
    await ctx.handle.db.updateTable("users").set({ account_type: 0 }).where("id", "=", trial.userId).execute();
  });

  test("the sample of last month is generated too, and sample authors never reach real figures", async () => {
    const last = await get("get-top-user", { project_id: String(trial.ids[0]), type_time: "last-month" }, trial);
    expect(last.body.data.sample).toBe(true);
    expect(last.body.data.authors.length).toBe(10);
    const sampleAuthors = await ctx.handle.db.selectFrom("authors").select("id").where("is_sample", "=", true).execute();
    const linked = await ctx.handle.db
      .selectFrom("documents")
      .select("id")
      .where(
        "author_ref",
        "in",
        sampleAuthors.map((x) => x.id),
      )
      .execute();
    expect(linked).toEqual([]);
    const realRows = await ctx.handle.db
      .selectFrom("audience_monthly")
      .select("project_id")
      .where("sample", "=", false)
      .where(
        "author_id",
        "in",
        sampleAuthors.map((x) => x.id),
      )
      .execute();
    expect(realRows).toEqual([]);
  });
  test("a new trial project's sample is marked on every answer and never carries the customer's brand names", async () => {
    const names = ["Vinamilk", "TH true MILK", "Nutifood"];
    const fresh = await tenant(
      names[0],
      ["Vinamilk"],
      names.slice(1).map((name) => ({ name, keywords: [name] })),
      0,
    );
    for (const lang of ["vi", "en"] as const)
      for (const endpoint of ENDPOINTS) {
        const answer = await get(endpoint, { project_id: String(fresh.ids[0]) }, fresh, lang);
        expect(answer.status, endpoint).toBe(200);
        expect(answer.body.data.sample, endpoint).toBe(true);
        for (const name of names) expect(JSON.stringify(answer.body), `${endpoint} ${name}`).not.toContain(name);
      }
    // The brand and its competitors' invented ages are sample brands, not rows keyed to the customer's projects.
    const ages = (await get("index-by-age-project", { project_id: String(fresh.ids[0]) }, fresh)).body.data;
    expect(ages.projects.map((p: { project_id: number | null; sample_brand: string | null }) => [p.project_id, p.sample_brand])).toEqual([
      [null, "A"],
      [null, "B"],
      [null, "C"],
    ]);
    expect(ages.projects.every((p: { authors: number }) => p.authors > 0)).toBe(true);
    // A contracted account's rows stay its own projects.
    const own = (await get("index-by-age-project", { project_id: String(a.ids[0]) }, a)).body.data;
    expect(own.projects.map((p: { project_id: number; sample_brand: string | null }) => [p.project_id, p.sample_brand])).toEqual(
      a.ids.map((id) => [id, null]),
    );
  });
});

test("an API key's documents fill authors too (ingest API with profile fields)", async () => {
  const made = await findDbCommand("apikey")!.run(ctx.deps, ["create", a.username, "crawler"], "");
  const key = JSON.parse(made.stdout.split("\n")[0]).key as string;
  const res = await ctx.request("/api/ingest", {
    method: "POST",
    headers: { "x-api-key": key },
    json: {
      documents: [
        {
          channel: 7,
          external_id: "tt-1",
          url: "https://www.tiktok.com/@mebim/video/1",
          content: "Trung Nguyên pha lạnh ngon xỉu",
          published_at: new Date(ctx.deps.now().getTime() - 3_600_000).toISOString(),
          source: { name: "TikTok" },
          author: {
            id: "mebim",
            name: "Mẹ Bỉm Review",
            url: "https://www.tiktok.com/@mebim",
            followers: 52000,
            location: "tp hcm",
            age_range: "25-34",
            job: "Nội trợ",
          },
        },
      ],
    },
  });
  expect(res.status).toBe(200);
  const author = await ctx.handle.db.selectFrom("authors").selectAll().where("author_key", "=", "id:mebim").executeTakeFirstOrThrow();
  expect(author).toMatchObject({
    account_id: a.userId,
    platform: "tiktok",
    province: "ho-chi-minh",
    job_category: "homemaker",
    age_range: "25-34",
    followers: 52000,
  });
});
