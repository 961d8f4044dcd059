import { afterAll, beforeAll, expect, test } from "vitest";
import type { CollectedDocument } from "../../src/server/services/ingest/collected-document.ts";
import { detectIncidents } from "../../src/server/services/crisis/detect-incidents.ts";
import { ingestDocuments } from "../../src/server/services/ingest/ingest-documents.ts";
import { groupPost } from "../factories/crisis-posts.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";

const HOUR = 3_600_000;
const T0 = new Date("2026-11-10T02:00:00Z").getTime();
const CALM = "Chiều nay ghé cửa hàng mua sữa Mộc Châu cho cả nhà";
const SLOW = "Đặt sữa Mộc Châu trên sàn mà giao hàng chậm quá";
const PRAISE = "Sữa Mộc Châu ra mắt dòng sữa hạt mới, nhiều khách hàng khen ngon";
// Read as neutral by this file's model (as a real model may read it): only its volume gives the crisis away.
const PULLED = "Nhiều cửa hàng rút sữa Mộc Châu khỏi kệ sau phản ánh sữa vón cục";
const SMELL = "Phụ huynh phản ánh sữa Mộc Châu có mùi lạ, yêu cầu thu hồi";

let ctx: TestContext;
let projectId: number;
let token: string;

const at = (hours: number, minutes = 0) => T0 + hours * HOUR + minutes * 60_000;
const posts = (content: string, count: number, hour: number) =>
  Array.from({ length: count }, (_, i) => groupPost(content, at(hour, 1 + (i % 50))));
async function detectAt(hours: number, minutes: number) {
  ctx.setNow(new Date(at(hours, minutes)));
  const [result] = await detectIncidents(ctx.deps, projectId);
  return result;
}

beforeAll(async () => {
  ctx = await createTestContext({
    classify: (text) => (/mùi lạ|chậm/.test(text) ? { label: 2, scores: [0, 0, 1] } : { label: 0, scores: [1, 0, 0] }),
  });
  const user = await createVerifiedUser(ctx);
  token = user.token;
  await ctx.handle.db.updateTable("users").set({ account_type: 1 }).where("id", "=", user.user.id).execute();
  const res = await ctx.request("/api/project", {
    method: "POST",
    token,
    json: { brand_id: 0, name: "Sữa Mộc Châu", keywords: ["Mộc Châu"], competitors: [] },
  });
  projectId = (await res.json()).data.id;
  // Three weeks and two days of an ordinary brand: each hour six ordinary posts and three complaints.
  const docs: CollectedDocument[] = [];
  for (let h = -21 * 24; h < 48; h += 1) docs.push(...posts(CALM, 6, h), ...posts(SLOW, 3, h));
  ctx.setNow(new Date(at(48)));
  await ingestDocuments(ctx.deps, docs);
}, 180_000);
afterAll(() => ctx.close());

test("a wave of praise doubles nothing but the volume: with the complaints at their usual level it is no crisis", async () => {
  await ingestDocuments(ctx.deps, [...posts(PRAISE, 60, 0), ...posts(PRAISE, 60, 1)]);
  const first = await detectAt(0, 50);
  expect(first.opened).toEqual([]);
  // Judged: the hours with two weeks of the project's data behind them, the last of its three weeks.
  expect(first.judgedHours).toBeGreaterThan(150);
  expect(await detectAt(2, 50)).toMatchObject({ opened: [], reopened: [], extended: [] });
});

test("a surge of all mentions while complaints rise, though too few to be a spike alone, opens an incident", async () => {
  // Ten complaints against the usual three: 4 spreads, under the medium threshold of 5 on their own.
  await ingestDocuments(ctx.deps, [...posts(PULLED, 60, 12), ...posts(SLOW, 7, 12)]);
  const result = await detectAt(12, 50);
  expect(result.opened).toHaveLength(1);
  const incident = await ctx.handle.db.selectFrom("incidents").selectAll().where("id", "=", result.opened[0]).executeTakeFirstOrThrow();
  expect(incident).toMatchObject({ project_id: projectId, status: 0, started_at: new Date(at(12)), peak_count: 10 });
});

test("calmed and hit again within the cooldown in one scan, the incident surges again, not lost", async () => {
  const [incident] = await ctx.handle.db.selectFrom("incidents").select("id").where("project_id", "=", projectId).execute();
  await ingestDocuments(ctx.deps, posts(SMELL, 40, 22));
  // One scan covers the six calm hours that close it and the new spike ten hours after its last anomalous hour.
  const result = await detectAt(22, 50);
  expect(result).toMatchObject({ opened: [], calmed: [incident.id], reopened: [incident.id] });
  const after = await ctx.handle.db.selectFrom("incidents").selectAll().where("project_id", "=", projectId).execute();
  expect(after).toHaveLength(1);
  expect(after[0]).toMatchObject({ status: 0, ended_at: null, last_anomaly_at: new Date(at(22)), peak_count: 43 });
  const attached = await ctx.handle.db
    .selectFrom("incident_mentions as im")
    .innerJoin("documents as d", "d.id", "im.document_id")
    .select("d.content")
    .where("im.incident_id", "=", incident.id)
    .execute();
  expect(attached.filter((a) => a.content.startsWith(SMELL))).toHaveLength(40);
  const history = await ctx.handle.db
    .selectFrom("incident_history")
    .select(["field", "new_value"])
    .where("incident_id", "=", incident.id)
    .orderBy("id")
    .execute();
  // Nobody marked it done, so the detector never touched its status after opening it: only the surge came and went.
  expect(history.filter((h) => h.field === "status").map((h) => h.new_value)).toEqual(["opened"]);
  expect(history.filter((h) => h.field === "surge").map((h) => h.new_value)).toEqual(["calmed", "surging"]);
});

test("a severity the user lowered stays lowered while the spike goes on at the size it had", async () => {
  const [incident] = await ctx.handle.db.selectFrom("incidents").select(["id", "severity"]).where("project_id", "=", projectId).execute();
  expect(incident.severity).toBe(3);
  const res = await ctx.request("/api/incident/update", { method: "POST", token, json: { id: incident.id, severity: 1 } });
  expect(res.status).toBe(200);
  await ingestDocuments(ctx.deps, posts(SMELL, 40, 23));
  expect((await detectAt(23, 50)).extended).toEqual([incident.id]);
  const after = await ctx.handle.db.selectFrom("incidents").select("severity").where("id", "=", incident.id).executeTakeFirstOrThrow();
  expect(after.severity).toBe(1);
});
