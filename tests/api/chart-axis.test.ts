import { afterAll, beforeAll, expect, test } from "vitest";
import { ingestDocuments } from "../../src/server/services/ingest/ingest-documents.ts";
import { formatDateTime } from "../../src/shared/format.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";

let ctx: TestContext;
let token: string;

// The test clock: 2026-11-21 10:00 in Hanoi. Two mentions an hour, every hour of the last 40 days.
beforeAll(async () => {
  ctx = await createTestContext();
  const account = await createVerifiedUser(ctx);
  token = account.token;
  // Contracted: a trial account's AI filter would hide these look-alike test texts as noise.
  await ctx.handle.db.updateTable("users").set({ account_type: 1 }).where("id", "=", account.user.id).execute();
  await ctx.request("/api/project", {
    method: "POST",
    token,
    json: { brand_id: 0, name: "Bánh Kinh Đô", keywords: ["Kinh Đô"], competitors: [] },
  });
  const now = ctx.deps.now().getTime();
  await ingestDocuments(
    ctx.deps,
    Array.from({ length: 40 * 24 * 2 }, (_, i) => ({
      channel: 1,
      platform: "facebook",
      externalId: `axis-${i}`,
      url: `https://facebook.com/posts/${i}`,
      mentionType: 0 as const,
      parentExternalId: null,
      title: null,
      content: `Bánh trung thu Kinh Đô năm nay ngon (${i})`,
      publishedAt: new Date(now - 60_000 - i * 30 * 60_000),
      source: { id: null, name: "Hội bánh ngon", url: null },
      author: null,
      metrics: { likes: 1, shares: 0, comments: 0, views: 0 },
      rating: null,
      ecommerceSource: null,
      hashtags: [],
    })),
  );
});
afterAll(() => ctx.close());

async function chart(typeTime: string) {
  const res = await ctx.request(`/api/dashboard/trend-discuss?type_time=${typeTime}`, { token });
  const { buckets, series } = (await res.json()).data as { buckets: string[]; series: { values: number[] }[] };
  const total = (await (await ctx.request(`/api/dashboard/stats?type_time=${typeTime}`, { token })).json()).data.total_mention;
  return { labels: buckets.map((b) => formatDateTime(b)), values: series[0].values, total };
}

test("'today' ends with the hour under way: no hour still to come is drawn as a fall to zero", async () => {
  const today = await chart("today");
  expect(today.labels).toHaveLength(11);
  expect(today.labels.at(-1)).toBe("2026-11-21 10:00:00");
  expect(today.values.slice(0, 10)).toEqual(Array(10).fill(2));
  expect(today.values.reduce((a, b) => a + b, 0)).toBe(today.total);
});

test("'the last 30 days' starts with a whole day, not with the hours left of one", async () => {
  const month = await chart("month");
  expect(month.labels[0]).toBe("2026-10-23 00:00:00");
  expect(month.labels).toHaveLength(30);
  expect(month.values.slice(0, 29)).toEqual(Array(29).fill(48));
  expect(month.values.reduce((a, b) => a + b, 0)).toBe(month.total);
});

test("weeks are counted from the period's first day, so a long custom period starts with a whole week", async () => {
  const res = await ctx.request("/api/dashboard/trend-discuss?start_date=2026-07-01&end_date=2026-11-15", { token });
  const { granularity, buckets, series } = (await res.json()).data;
  expect(granularity).toBe("week");
  expect(formatDateTime(buckets[0])).toBe("2026-07-01 00:00:00");
  const whole = series[0].values.filter((v: number) => v > 0);
  expect(whole.slice(1, -1).every((v: number) => v === 7 * 48)).toBe(true);
});
