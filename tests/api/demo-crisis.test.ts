import { afterAll, beforeAll, expect, test } from "vitest";
import { formatDateTime } from "../../src/shared/format.ts";
import { generateDemoDocuments } from "../../src/server/demo/generate-demo-documents.ts";
import { DEMO_CRISIS, DEMO_TEMPLATES } from "../../src/server/demo/templates.ts";
import { detectCrisesJob } from "../../src/server/jobs/detect-crises.ts";
import { DEMO_CONTACT, DEMO_USERNAME } from "../../src/server/services/demo/seed-demo.ts";
import { seedOnFirstStart } from "../../src/server/services/demo/seed-on-first-start.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DOCUMENTS = 20_000;

let ctx: TestContext;
let brandId: number;
/** The first published instant of the demo's crisis, read from the generated documents themselves. */
let crisisStart: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const now = ctx.deps.now();
  // The seed's documents (deterministic for `now`, the same draws whatever the names): only the crisis names the first
  // brand when it has no share of the ordinary mentions.
  const crisisTimes = generateDemoDocuments(
    [
      { name: "KHỦNG HOẢNG", share: 0 },
      { name: "Thường ngày", share: 1 },
    ],
    DOCUMENTS,
    now,
  )
    .filter((d) => d.content.includes("KHỦNG HOẢNG"))
    .map((d) => d.publishedAt.getTime());
  crisisStart = Math.min(...crisisTimes);
  // As main.ts does on a fresh embedded database: the demo seed, then one detection run before the first cron tick.
  await seedOnFirstStart(ctx.deps, DOCUMENTS);
  await detectCrisesJob.handler(ctx.deps, {});
  const brand = await ctx.handle.db
    .selectFrom("projects as p")
    .innerJoin("users as u", "u.id", "p.user_id")
    .select("p.id")
    .where("u.username", "=", DEMO_USERNAME)
    .where("p.parent_id", "is", null)
    .executeTakeFirstOrThrow();
  brandId = brand.id;
}, 900_000);
afterAll(() => ctx.close());

test("on first start the demo brand's crisis is one detected incident, opened on the crisis' first day, with its story", async () => {
  const incidents = await ctx.handle.db.selectFrom("incidents").selectAll().execute();
  expect(incidents).toHaveLength(1);
  const [incident] = incidents;
  expect(incident).toMatchObject({ project_id: brandId, origin: "detected", review: "pending" });
  expect(incident.started_at.getTime()).toBeGreaterThanOrEqual(Math.floor(crisisStart / HOUR) * HOUR);
  expect(incident.started_at.getTime()).toBeLessThan(crisisStart + DAY);
  // The crisis lasts two days; calm hours after it end the surge, but only a person marks the crisis handled.
  expect(incident.status).toBe(0);
  expect(incident.ended_at).not.toBeNull();
  const history = await ctx.handle.db.selectFrom("incident_history").selectAll().where("incident_id", "=", incident.id).execute();
  expect(history.filter((h) => h.field === "status").map((h) => h.new_value)).toEqual(["opened"]);
  expect(history.filter((h) => h.field === "surge").map((h) => h.new_value)).toEqual(["calmed"]);
  expect(incident.story_id).not.toBeNull();
  expect(incident.title).toContain("Sữa Mộc Lan");
  // Titled by its story's headline (a news title of the crisis), never by a repost's own first words.
  expect(DEMO_CRISIS.reposts.some((line) => incident.title.startsWith(line.split(/[,.:]/)[0]))).toBe(false);
  const headlines = DEMO_TEMPLATES.crisis.map(
    (t) =>
      t.text
        .replaceAll("{brand}", "Sữa Mộc Lan")
        .replaceAll("{product}", DEMO_CRISIS.product)
        .replaceAll("{place}", DEMO_CRISIS.place)
        .split(",")[0],
  );
  expect(headlines).toContain(incident.title);
  const attached = await ctx.handle.db
    .selectFrom("incident_mentions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("incident_id", "=", incident.id)
    .executeTakeFirstOrThrow();
  expect(Number(attached.n)).toBeGreaterThan(100);
});

test("its alerts wait in the outbox: one e-mail and one SMS to the demo account's contacts, naming the brand", async () => {
  const outbox = await ctx.handle.db.selectFrom("outbox_messages").select(["channel", "recipient", "subject", "body"]).execute();
  expect(outbox.map((m) => [m.channel, m.recipient]).sort()).toEqual([
    ["email", DEMO_CONTACT.email],
    ["sms", DEMO_CONTACT.phone],
  ]);
  expect(outbox.find((m) => m.channel === "email")!.subject).toContain("Sữa Mộc Lan");
  // Sent ten days after it ended, the alert says when it ended.
  const [incident] = await ctx.handle.db.selectFrom("incidents").select("ended_at").execute();
  expect(outbox.find((m) => m.channel === "email")!.body).toContain(`Kết thúc: ${formatDateTime(incident.ended_at!)}`);
});

test("judged over all of its 90 days (every hour with two weeks of history), nothing else in the demo is a crisis", async () => {
  const [first] = await ctx.handle.db.selectFrom("incidents").select("started_at").execute();
  // As if the brand had been watched since its data began: forget the incident and rewind the scan to the first day.
  await ctx.handle.db.deleteFrom("incidents").execute();
  await ctx.handle.db
    .updateTable("crisis_scans")
    .set({ scanned_until: new Date(ctx.deps.now().getTime() - 90 * DAY) })
    .where("project_id", "=", brandId)
    .execute();
  await detectCrisesJob.handler(ctx.deps, {});
  const incidents = await ctx.handle.db.selectFrom("incidents").select(["project_id", "started_at"]).execute();
  expect(incidents).toEqual([{ project_id: brandId, started_at: first.started_at }]);
});

test("the crisis reads as the bad news it is toward the brand, and its expansion news does not", async () => {
  const labelsOf = async (phrase: string) =>
    (
      await ctx.handle.db
        .selectFrom("mentions as m")
        .innerJoin("documents as d", "d.id", "m.document_id")
        .select("m.sentiment")
        .where("m.project_id", "=", brandId)
        .where("d.content", "like", `%${phrase}%`)
        .execute()
    ).map((m) => m.sentiment);
  for (const phrase of ["có mùi lạ, yêu cầu thu hồi", "phụ huynh hoang mang"]) {
    const labels = await labelsOf(phrase);
    expect(labels.length, phrase).toBeGreaterThan(100);
    expect(labels.filter((l) => l === 2).length / labels.length, phrase).toBeGreaterThan(0.9);
  }
  const expansion = await labelsOf("kế hoạch mở rộng nhà máy");
  expect(expansion.length).toBeGreaterThan(20);
  expect(expansion.filter((l) => l === 2)).toEqual([]);
});
