import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seededRandom } from "../../src/shared/seeded-random.ts";
import { ingestDocuments } from "../../src/server/services/ingest/ingest-documents.ts";
import { formatDate } from "../../src/shared/format.ts";
import { randomCollected } from "../factories/documents.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";

// Each overview widget links to the mention list filtered to what it counted: the list's total is the widget's number.
let ctx: TestContext;
let token: string;
let projectId: number;
const DAY = 86_400_000;

// Copies of one text make a story; the others are stories of their own.
const STORY_TEXT = "Trung Nguyên khai trương cửa hàng cà phê lớn nhất Đà Lạt, khách xếp hàng dài từ sáng sớm để thử món mới";
const TEXTS = [
  "Cà phê Trung Nguyên thơm ngon, đậm đà, rất thích",
  // A word twice in one mention: the cloud counts the mentions holding it, as the list does, not its occurrences.
  "Trung Nguyên phục vụ chậm, rất chậm, thất vọng quá",
  "Uống Trung Nguyên mỗi sáng, tuyệt vời #caphe",
  "Trung Nguyên tăng giá nước mà chất lượng giảm",
];

// Where the authors live, as their profiles say (one says nothing): the audience's provinces.
const LOCATIONS: Record<string, string | null> = { "Lê Hùng": "Hà Nội", "Trần Mai": "Đà Nẵng", "Ngô Bình": null };
const authorNamed = (name: string) => ({ id: null, name, url: null, followers: null, location: LOCATIONS[name] });

beforeAll(async () => {
  ctx = await createTestContext();
  ({ token } = await createVerifiedUser(ctx));
  const project = await ctx.request("/api/project", {
    method: "POST",
    token,
    json: { brand_id: 0, name: "Trung Nguyên", keywords: ["Trung Nguyên"], competitors: [] },
  });
  projectId = (await project.json()).data.id;
  const random = seededRandom(32);
  const now = ctx.deps.now().getTime();
  const docs = Array.from({ length: 900 }, (_, i) => {
    const copy = i % 6 === 0;
    return randomCollected(random, {
      externalId: `drill-${i}`,
      content: copy ? STORY_TEXT : `${random.pick(TEXTS)} (${i})`,
      // Copies of the story within the last week; the rest over 85 days, so part of it is older than any 30-day view.
      publishedAt: new Date(now - random.next() * (copy ? 6 : 85) * DAY),
      author: authorNamed(random.pick(["Lê Hùng", "Trần Mai", "Ngô Bình"])),
    });
  });
  await ingestDocuments(ctx.deps, docs);
});
afterAll(() => ctx.close());

async function get(path: string, query: Record<string, string>) {
  const res = await ctx.request(`${path}?${new URLSearchParams(query)}`, { token });
  return { status: res.status, body: await res.json() };
}

/** The mention list's total for a query (what /mention shows as its count). */
async function listTotal(query: Record<string, string>): Promise<number> {
  const { status, body } = await get("/api/mention/index", query);
  expect(status).toBe(200);
  return body.data.total;
}

// Periods of different chart steps (hour, day) and a filter the widget already had, each with the links of its widgets.
const VIEWS: Record<string, string>[] = [
  { type_time: "week" },
  { type_time: "month", channel_ids: "1,2,3,5,7,9" },
  { type_time: "last-24h" },
];

describe.each(VIEWS)("in the view %o, each widget's number is the total of the list it opens", (view) => {
  test("channel bars", async () => {
    const rows: { channel_id: number; total_mention: number }[] = (await get("/api/dashboard/number-mention", view)).body.data;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(await listTotal({ ...view, channel_ids: String(row.channel_id) })).toBe(row.total_mention);
  });

  test("sentiment donut", async () => {
    const [brand] = (await get("/api/dashboard/sentiment-by-projects", view)).body.data;
    const names = ["neutral", "positive", "negative"] as const;
    for (const [id, name] of names.entries()) expect(await listTotal({ ...view, sentiment_ids: String(id) })).toBe(brand[name]);
    expect(names.reduce((sum, name) => sum + brand[name], 0)).toBeGreaterThan(0);
  });

  test("chart points of the mention and sentiment trends", async () => {
    const discuss = (await get("/api/dashboard/trend-discuss", view)).body.data;
    const sentiment = (await get("/api/dashboard/trend-sentiment", view)).body.data;
    const [brand] = discuss.series;
    const points = discuss.buckets
      .map((bucket: string, i: number) => ({ bucket, i }))
      .filter(({ i }: { i: number }) => brand.values[i] > 0);
    expect(points.length).toBeGreaterThan(0);
    for (const { bucket, i } of points.slice(0, 6)) {
      expect(await listTotal({ ...view, bucket })).toBe(brand.values[i]);
      for (const line of sentiment.series) {
        expect(await listTotal({ ...view, bucket, sentiment_ids: String(line.key) })).toBe(line.values[i]);
      }
    }
  });

  test("keyword cloud words and hashtags", async () => {
    const { words, hashtags } = (await get("/api/dashboard/top-words", view)).body.data;
    expect(words.length).toBeGreaterThan(0);
    for (const { term, count } of [...words, ...hashtags]) expect(await listTotal({ ...view, search: term })).toBe(count);
  });

  test("top sources", async () => {
    const { by_mentions, by_interactions } = (await get("/api/dashboard/top-mention", view)).body.data;
    expect(by_mentions.length).toBeGreaterThan(0);
    for (const row of [...by_mentions, ...by_interactions]) {
      expect(await listTotal({ ...view, channel_ids: String(row.channel_id), source: row.source_name })).toBe(row.total_mention);
    }
  });
});

test("a story card's copies are the total of the list of its story", async () => {
  const view = { type_time: "week" };
  // The view's cards, and those of a search for the story copied across channels, so that a story of several copies
  // is among them whatever the cards happen to be (most copies are flagged as noise and hidden from a trial account).
  const storyView = { ...view, search: "khai trương cửa hàng cà phê lớn nhất Đà Lạt" };
  const cards: { story_id: number | null; story_copies: number }[] = [];
  for (const query of [view, storyView]) {
    cards.push(...(await get("/api/dashboard/mention-latest", { ...query, limit: "5" })).body.data);
    cards.push(...(await get("/api/dashboard/hot-mention", { ...query, limit: "5" })).body.data);
  }
  const stories = cards.filter((card) => card.story_id !== null);
  expect(stories.some((card) => card.story_copies > 1)).toBe(true);
  for (const card of stories) expect(await listTotal({ ...view, story_id: String(card.story_id) })).toBe(card.story_copies);
  // The story's list holds nothing but that story.
  const story = stories.find((card) => card.story_copies > 1)!;
  const page = (await get("/api/mention/index", { ...view, story_id: String(story.story_id) })).body.data;
  expect(page.data.every((m: { story_id: number }) => m.story_id === story.story_id)).toBe(true);
});

test("a chart bucket that is not one of the period's is refused, naming the field", async () => {
  const { status, body } = await get("/api/mention/index", { type_time: "week", bucket: "2020-01-01T00:00:00.000Z" });
  expect(status).toBe(422);
  expect(Object.keys(body.errors)).toEqual(["bucket"]);
  const malformed = await get("/api/mention/index", { type_time: "week", bucket: "yesterday" });
  expect(malformed.status).toBe(422);
  expect(Object.keys(malformed.body.errors)).toEqual(["bucket"]);
});

test("the list reaches a custom range 80 days back, older than every preset but the last 3 months", async () => {
  const now = ctx.deps.now().getTime();
  const start = formatDate(new Date(now - 84 * DAY));
  const end = formatDate(new Date(now - 80 * DAY));
  const custom = { type_time: "custom", start_date: start, end_date: end };
  const total = await listTotal(custom);
  expect(total).toBeGreaterThan(0);
  const page = (await get("/api/mention/index", custom)).body.data;
  for (const mention of page.data) expect(formatDate(new Date(mention.published_at)) <= end).toBe(true);
  expect(page.data.length).toBe(Math.min(total, page.per_page));
  expect((await get("/api/mention/stats", custom)).body.data.total_mention).toBe(total);
});

test("a crisis's count, in the crisis list and on its page, is the total of the list of its mentions; another account's crisis is not found", async () => {
  const now = ctx.deps.now().getTime();
  const created = await ctx.request("/api/incident/create", {
    method: "POST",
    token,
    json: { project_id: projectId, title: "Khách phản ánh phục vụ chậm", started_at: new Date(now - 2 * DAY).toISOString(), severity: 2 },
  });
  expect(created.status).toBe(200);
  const id: number = (await created.json()).data.id;
  // Attached by hand: complaints from all over the 85 days, most of them older than the crisis and than a 30-day list.
  const documents = await ctx.handle.db
    .selectFrom("documents")
    .select("id")
    .where("content", "like", "Trung Nguyên phục vụ chậm%")
    .orderBy("id")
    .limit(12)
    .execute();
  const attach = await ctx.request("/api/incident/attach", {
    method: "POST",
    token,
    json: { id, document_ids: documents.map((d) => d.id) },
  });
  expect(attach.status).toBe(200);

  const shown = (await get("/api/incident/show", { id: String(id) })).body.data.total_mention;
  const listed = (await get("/api/incident/index", { project_id: String(projectId) })).body.data.data.find(
    (i: { id: number }) => i.id === id,
  );
  expect(shown).toBe(documents.length);
  expect(listed.total_mention).toBe(shown);
  expect(await listTotal({ project_id: String(projectId), incident_id: String(id) })).toBe(shown);
  // The screen's own period does not cut the crisis short.
  expect(await listTotal({ type_time: "last-24h", incident_id: String(id) })).toBe(shown);
  const page = (await get("/api/mention/index", { incident_id: String(id), limit: "100" })).body.data;
  expect(page.data.map((m: { id: number }) => m.id).sort((a: number, b: number) => a - b)).toEqual(documents.map((d) => d.id));

  const stranger = await createVerifiedUser(ctx);
  await ctx.request("/api/project", {
    method: "POST",
    token: stranger.token,
    json: { brand_id: 0, name: "Highlands", keywords: ["Highlands"], competitors: [] },
  });
  const foreign = await ctx.request(`/api/mention/index?incident_id=${id}`, { token: stranger.token });
  expect(foreign.status).toBe(404);
  expect((await foreign.json()).code).toBe(404);
});

/** Runs `check` while the project's account is a contracted one (whose audience is its own, not the sample). */
async function asContracted(check: () => Promise<void>): Promise<void> {
  const owner = await ctx.handle.db.selectFrom("projects").select("user_id").where("id", "=", projectId).executeTakeFirstOrThrow();
  const contract = (type: 0 | 1) =>
    ctx.handle.db.updateTable("users").set({ account_type: type }).where("id", "=", owner.user_id).execute();
  await contract(1);
  try {
    await check();
  } finally {
    await contract(0);
  }
}

test("a top author's link opens the list of that author's mentions in the month, as many as the link says; the sample links nothing", async () => {
  const trial = (await get("/api/audience/get-top-user", { type_time: "this-month" })).body.data;
  expect(trial.sample).toBe(true);
  for (const author of trial.authors) expect(author.listed_mentions).toBeNull();

  await asContracted(async () => {
    for (const type_time of ["this-month", "last-month"]) {
      const { authors } = (await get("/api/audience/get-top-user", { type_time })).body.data;
      expect(authors.length).toBeGreaterThan(0);
      for (const author of authors) {
        expect(author.listed_mentions).toBeGreaterThan(0);
        expect(author.listed_mentions).toBe(author.mentions);
        expect(await listTotal({ type_time, author_id: String(author.id) })).toBe(author.listed_mentions);
      }
      const [first] = authors;
      const page = (await get("/api/mention/index", { type_time, author_id: String(first.id), limit: "100" })).body.data;
      expect(new Set(page.data.map((m: { author_name: string }) => m.author_name))).toEqual(new Set([first.name]));
    }
  });
});

test("a province's link opens the list of its authors' mentions in the month, as many as the link says; the sample links nothing", async () => {
  const trial = (await get("/api/audience/index-by-provinces", { type_time: "this-month" })).body.data;
  expect(trial.sample).toBe(true);
  for (const province of trial.provinces) expect(province.listed_mentions).toBeNull();

  await asContracted(async () => {
    for (const type_time of ["this-month", "last-month"]) {
      // The whole audience, and the audience of some channels (the list's channels are the audience's).
      for (const channels of [{}, { channel_ids: "1,2,3,5,7,9" }] as Record<string, string>[]) {
        const query = { type_time, ...channels };
        const { provinces, unknown } = (await get("/api/audience/index-by-provinces", query)).body.data;
        expect(provinces.map((p: { code: string }) => p.code).sort()).toEqual(["da-nang", "ha-noi"]);
        expect(unknown).toBe(1);
        for (const province of provinces) {
          expect(province.listed_mentions).toBeGreaterThan(0);
          expect(province.listed_mentions).toBe(province.mentions);
          expect(await listTotal({ ...query, province: province.code })).toBe(province.listed_mentions);
        }
      }
      // Hà Nội's list holds its author's mentions only.
      const page = (await get("/api/mention/index", { type_time, province: "ha-noi", limit: "100" })).body.data;
      expect(page.data.length).toBeGreaterThan(0);
      expect(new Set(page.data.map((m: { author_name: string }) => m.author_name))).toEqual(new Set(["Lê Hùng"]));
    }
  });
});

test("a province the map does not have is refused, naming the field; another account's project is not found with it", async () => {
  for (const province of ["hanoi", "Ha-Noi", "ha-tay", ""]) {
    const { status, body } = await get("/api/mention/index", { type_time: "this-month", province });
    expect(status, province).toBe(422);
    expect(body.code).toBe(422);
    expect(Object.keys(body.errors)).toEqual(["province"]);
  }
  const stranger = await createVerifiedUser(ctx);
  const own = await ctx.request("/api/project", {
    method: "POST",
    token: stranger.token,
    json: { brand_id: 0, name: "Phúc Long", keywords: ["Phúc Long"], competitors: [] },
  });
  const strangerProject: number = (await own.json()).data.id;
  const ask = (query: Record<string, string>) =>
    ctx.request(`/api/mention/index?${new URLSearchParams({ type_time: "this-month", province: "ha-noi", ...query })}`, {
      token: stranger.token,
    });
  const foreign = await ask({ project_id: String(projectId) });
  expect(foreign.status).toBe(404);
  expect((await foreign.json()).code).toBe(404);
  // Their own list, the same province: none of the other account's mentions.
  const mine = await ask({ project_id: String(strangerProject) });
  expect(mine.status).toBe(200);
  expect((await mine.json()).data.total).toBe(0);
});
