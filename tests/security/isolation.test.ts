import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { storeMetaConnection } from "../../src/server/services/connections/index.ts";
import { metaConfig } from "../factories/meta-connection.ts";
import { zaloEnv } from "../factories/zalo-server.ts";
import { META } from "../factories/meta-server.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";
import { envelopeProblems, leaks, readAnswer, type Secrets } from "./answer-check.ts";
import { callsFor, PERIOD, type Call, type Scene } from "./cross-tenant-calls.ts";
import { classificationGaps, registeredEndpoints, ROUTE_IDS, type Endpoint, type IdPlacement } from "./route-ids.ts";
import { tenantSnapshot } from "./tenant-snapshot.ts";
import {
  computeMarkers,
  createTenant,
  ingestItem,
  ingestSharedDocuments,
  PROFILE_A,
  PROFILE_B,
  refreshMentionIds,
  type Tenant,
} from "./tenants.ts";

let ctx: TestContext;
let endpoints: Endpoint[];
/** A is the victim; B has its own brand and competitors; C is an account without a project yet. */
let A: Tenant;
let B: Tenant;
let C: Tenant;
let secrets: Secrets;
let scenes: { name: string; tenant: Tenant; scene: Scene }[];
const counts = { routes: new Set<string>(), calls: 0, cases: 0 };

beforeAll(async () => {
  // A Meta app and a Zalo app whose APIs are a closed loopback port: nothing here may reach Meta.
  ctx = await createTestContext({ config: metaConfig("http://127.0.0.1:9", zaloEnv("http://127.0.0.1:9")) });
  endpoints = registeredEndpoints(ctx.app.routes);
  // B first: A's project ids then lie above every sentiment value, so a series keyed by sentiment never looks like A's.
  B = await createTenant(ctx, PROFILE_B, "caphe");
  A = await createTenant(ctx, PROFILE_A, "suaviet");
  await ingestSharedDocuments(ctx);
  await refreshMentionIds(ctx, A);
  await refreshMentionIds(ctx, B);
  const connection = await storeMetaConnection(ctx.deps, {
    accountId: A.userId,
    projectId: A.projectIds[0],
    user: META.user,
    accessToken: META.longToken,
    expiresAt: null,
    pages: [...META.pages],
  });
  const victimSources = (
    await ctx.handle.db.selectFrom("connection_sources").select("id").where("connection_id", "=", connection).orderBy("id").execute()
  ).map((s) => s.id);
  const followed = await ctx.request("/api/connections/sources/follow", {
    method: "POST",
    token: A.token,
    json: { project_id: A.projectIds[0], source_ids: victimSources.slice(0, 1), followed: true },
  });
  if (followed.status !== 200) throw new Error(await followed.text());
  const bare = await createVerifiedUser(ctx);
  C = {
    userId: bare.user.id,
    username: bare.account.username,
    phone: bare.account.phone,
    token: bare.token,
    apiKey: "",
    projectIds: [],
    projectNames: [],
    mentionIds: new Map(),
    subBrandIds: [],
    serviceIds: [],
    incidentIds: [],
    markers: [],
  };

  if (Math.min(...A.projectIds) <= 2) throw new Error("A's project ids must lie above the sentiment values");
  const exclusive = await computeMarkers(ctx, A, [B], PROFILE_A);
  secrets = { markers: A.markers, projectIds: new Set(A.projectIds), documentIds: exclusive };
  const allA = [...A.mentionIds.values()].flat();
  const allB = new Set([...B.mentionIds.values()].flat());
  const [maxProject, maxDocument, maxStory, maxEdit, maxIncident] = await Promise.all([
    ctx.handle.db
      .selectFrom("projects")
      .select((eb) => eb.fn.max("id").as("max"))
      .executeTakeFirstOrThrow(),
    ctx.handle.db
      .selectFrom("documents")
      .select((eb) => eb.fn.max("id").as("max"))
      .executeTakeFirstOrThrow(),
    ctx.handle.db
      .selectFrom("stories")
      .select((eb) => eb.fn.max("id").as("max"))
      .executeTakeFirstOrThrow(),
    ctx.handle.db
      .selectFrom("mention_edits")
      .select((eb) => eb.fn.max("id").as("max"))
      .executeTakeFirstOrThrow(),
    ctx.handle.db
      .selectFrom("incidents")
      .select((eb) => eb.fn.max("id").as("max"))
      .executeTakeFirstOrThrow(),
  ]);
  const victimStories = (
    await ctx.handle.db
      .selectFrom("documents")
      .select("story_id")
      .distinct()
      .where("id", "in", [...exclusive])
      .orderBy("story_id")
      .execute()
  ).map((d) => Number(d.story_id));
  const victimEdits = (
    await ctx.handle.db.selectFrom("mention_edits").select("id").where("project_id", "in", A.projectIds).orderBy("id").execute()
  ).map((e) => Number(e.id));
  const scene = (attacker: Tenant): Scene => ({
    victim: A,
    attacker,
    victimDocuments: [...exclusive],
    sharedDocuments: attacker === B ? [...new Set(allA.filter((id) => allB.has(id)))] : [],
    missingProject: Number(maxProject.max) + 10_000,
    missingDocument: Number(maxDocument.max) + 10_000,
    victimStories,
    victimEdits,
    missingStory: Number(maxStory.max) + 10_000,
    missingEdit: Number(maxEdit.max) + 10_000,
    missingIncident: Number(maxIncident.max) + 10_000,
    victimConnections: [connection],
    victimSources,
    missingConnection: connection + 10_000,
    missingSource: victimSources.at(-1)! + 10_000,
  });
  scenes = [
    { name: "B", tenant: B, scene: scene(B) },
    { name: "C", tenant: C, scene: scene(C) },
  ];
}, 120_000);

afterAll(async () => {
  console.log(`isolation: ${counts.routes.size} routes walked, ${counts.calls} cross-tenant calls, ${counts.cases} cases`);
  await ctx?.close();
});

async function send(call: Omit<Call, "label" | "expect" | "twin">, token: string) {
  const query = call.query?.length ? `?${new URLSearchParams(call.query)}` : "";
  counts.calls += 1;
  return readAnswer(await ctx.request(`${call.path}${query}`, { method: call.method, token, json: call.json }));
}

/** Problems with one call: a 5xx, a broken envelope, the victim's data, or an answer other than expected. */
async function check(call: Call, attacker: string, token: string): Promise<string[]> {
  counts.cases += 1;
  const answer = await send(call, token);
  const problems = [...envelopeProblems(answer), ...leaks(answer, secrets)];
  if (answer.status >= 500) problems.push(`status ${answer.status}`);
  if (call.expect === "refused" && answer.status !== 404 && answer.status !== 422)
    problems.push(`status ${answer.status}, wanted 404 or 422`);
  if (call.expect === "not-found") {
    if (answer.status !== 404) problems.push(`status ${answer.status}, wanted 404`);
    const twin = await send(call.twin!, token);
    if (twin.text !== answer.text) problems.push(`answers differently than for an id that never existed: ${answer.text} vs ${twin.text}`);
  }
  return problems.map((p) => `${attacker} ${call.method} ${call.path} [${call.label}]: ${p}`);
}

function changedTables(before: Record<string, string[]>, after: Record<string, string[]>) {
  return Object.keys(before).filter((table) => JSON.stringify(before[table]) !== JSON.stringify(after[table]));
}

test("every registered route is classified by where it takes a tenant's id", () => {
  expect(endpoints.length).toBeGreaterThan(30);
  expect(classificationGaps(endpoints)).toEqual({ unclassified: [], stale: [] });
});

test("the checks see the victim's data where the victim itself looks", async () => {
  const own = async (path: string, query: [string, string][]) =>
    readAnswer(await ctx.request(`${path}?${new URLSearchParams([...query, ...PERIOD])}`, { token: A.token }));
  for (const projectId of A.projectIds) {
    const list = await own("/api/mention/index", [["project_id", String(projectId)]]);
    expect(list.status).toBe(200);
    expect(leaks(list, secrets).length).toBeGreaterThan(5);
  }
  const file = await own("/api/mention/export-excel", [
    ["project_ids", A.projectIds.join(",")],
    ["type_time", "custom"],
  ]);
  expect(file.status).toBe(200);
  expect(leaks(file, secrets).length).toBeGreaterThan(5);
  expect(scenes[0].scene.sharedDocuments.length).toBeGreaterThan(0);
  const story = await own(`/api/mention/story/${scenes[0].scene.victimStories[0]}`, [["project_ids", A.projectIds.join(",")]]);
  expect(story.status).toBe(200);
  expect(leaks(story, secrets).length).toBeGreaterThan(0);
  const [victimProject] = A.projectIds;
  const [victimDocument] = A.mentionIds.get(victimProject)!.filter((id) => secrets.documentIds.has(id));
  const reasons = await own("/api/mention/sentiment-reasons", [
    ["project_id", String(victimProject)],
    ["id", String(victimDocument)],
  ]);
  expect(reasons.status).toBe(200);
  expect(scenes[0].scene.victimEdits.length).toBeGreaterThan(0);
  const incident = await own(`/api/incident/info/${A.incidentIds[0]}`, []);
  expect(leaks(incident, secrets).length).toBeGreaterThan(0);
  const figures = await own("/api/dashboard/sentiment-by-projects", [["project_ids", A.projectIds.join(",")]]);
  expect(leaks(figures, secrets)).toEqual(A.projectIds.map((id) => `project id ${id} under "project_id"`));
});

const WALKED_KINDS = [
  "project-query",
  "mention-body",
  "project-path",
  "caller",
  "story-path",
  "mention-query",
  "edit-body",
  "incident",
  "project-body",
  "connection-path",
  "connection-body",
] as const satisfies IdPlacement["kind"][];

describe("another tenant's ids get 404 or nothing, and the victim's rows stay byte for byte the same", () => {
  test.each(WALKED_KINDS)(
    "routes taking ids as %s",
    async (kind) => {
      const walked = endpoints.filter((e) => ROUTE_IDS[e.key]?.kind === kind);
      expect(walked.length).toBeGreaterThan(0);
      let baseline = await tenantSnapshot(ctx.handle.db, A.userId);
      const failures: string[] = [];
      for (const endpoint of walked) {
        counts.routes.add(endpoint.key);
        for (const { name, tenant, scene } of scenes) {
          const calls = callsFor(endpoint, ROUTE_IDS[endpoint.key], scene);
          expect(calls.length, `${endpoint.key} as ${name}`).toBeGreaterThan(0);
          for (const call of calls) failures.push(...(await check(call, name, tenant.token)));
        }
        const after = await tenantSnapshot(ctx.handle.db, A.userId);
        const changed = changedTables(baseline, after);
        if (changed.length > 0) failures.push(`${endpoint.key}: the victim's ${changed.join(", ")} changed`);
        baseline = after;
      }
      expect(failures).toEqual([]);
    },
    300_000,
  );
});

test("the attackers' own incidents, after every call, hold none of the victim's own mentions", async () => {
  const attackerProjects = scenes.flatMap(({ tenant }) => tenant.projectIds);
  const held = await ctx.handle.db
    .selectFrom("incident_mentions")
    .select("document_id")
    .where("project_id", "in", attackerProjects)
    .where("document_id", "in", secrets.documentIds.size ? [...secrets.documentIds] : [0])
    .execute();
  expect(counts.routes.has("POST /api/incident/attach")).toBe(true);
  expect(held).toEqual([]);
});

describe("ingest keeps each account's documents to that account", () => {
  beforeAll(() => {
    counts.routes.add("POST /api/ingest");
  });
  const ingestAs = async (key: string, documents: unknown[]) => {
    const res = await ctx.request("/api/ingest", { method: "POST", json: { documents }, headers: { "x-api-key": key } });
    counts.calls += 1;
    return { status: res.status, body: await res.json() };
  };
  const mentionTexts = async (tenant: Tenant, search: string) => {
    const res = await ctx.request(
      `/api/mention/index?${new URLSearchParams([["project_ids", tenant.projectIds.join(",")], ["search", search], ...PERIOD])}`,
      { token: tenant.token },
    );
    const body = await res.json();
    expect(res.status).toBe(200);
    return { total: body.data.total as number, texts: (body.data.data as { content: string }[]).map((m) => m.content) };
  };

  test("another account's key re-sending the victim's documents with other counters changes nothing of the victim", async () => {
    const before = await tenantSnapshot(ctx.handle.db, A.userId);
    const now = ctx.deps.now();
    const inflate = (item: ReturnType<typeof ingestItem>) => ({
      ...item,
      metrics: { likes: 987_654_321, shares: 123_456, comments: 98_765, views: 2_000_000_000 },
    });
    const victims = Array.from({ length: 45 }, (_, n) => inflate(ingestItem(PROFILE_A, n, now, "suaviet")));
    const byUrlOnly = victims.slice(0, 10).map(({ external_id: _, ...item }) => item);
    const shared = await ctx.handle.db
      .selectFrom("documents")
      .select(["channel", "external_id", "url", "content", "published_at"])
      .where("external_id", "like", "shared-%")
      .execute();
    const publicCopies = shared.map((d) => ({
      ...inflate(ingestItem(PROFILE_A, 0, now, "x")),
      channel: d.channel,
      external_id: d.external_id!,
      url: d.url,
      content: d.content,
      published_at: d.published_at.toISOString(),
      source: { name: "VnExpress" },
    }));

    const answers = [];
    for (const batch of [victims, byUrlOnly, publicCopies]) answers.push(await ingestAs(B.apiKey, batch));

    expect(changedTables(before, await tenantSnapshot(ctx.handle.db, A.userId))).toEqual([]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    // Dedup stays inside the sender's scope: the victim's documents are new to B, so the answer tells B nothing.
    expect(answers[0].body.data).toMatchObject({ accepted: victims.length, inserted: victims.length, updated: 0, rejected: [] });
    expect(answers[1].body.data).toMatchObject({ accepted: byUrlOnly.length, updated: 0, rejected: [] });
    expect(answers[2].body.data).toMatchObject({ accepted: publicCopies.length, updated: 0, rejected: [] });
  }, 120_000);

  test("documents an account sends are matched only to that account's projects", async () => {
    const before = await tenantSnapshot(ctx.handle.db, A.userId);
    const now = ctx.deps.now();
    const privateTexts = [
      "Tin nội bộ: Vinamilk sắp giảm giá sữa tươi ở đại lý (tin riêng B-1)",
      "Ghi chú nội bộ: khách so sánh cà phê Trung Nguyên với sữa Vinamilk (tin riêng B-2)",
      "Báo cáo riêng: TH True Milk và Nutifood chạy khuyến mãi tháng 11 (tin riêng B-3)",
    ];
    const items = privateTexts.map((content, n) => ({ ...ingestItem(PROFILE_B, 100 + n, now, "caphe-private"), content }));
    const { status, body } = await ingestAs(B.apiKey, items);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ accepted: 3, inserted: 3, rejected: [] });

    expect(await mentionTexts(A, "tin riêng B")).toEqual({ total: 0, texts: [] });
    expect(changedTables(before, await tenantSnapshot(ctx.handle.db, A.userId))).toEqual([]);
    // The sender's own project that the text names does get it.
    expect((await mentionTexts(B, "tin riêng B")).texts).toEqual([privateTexts[1]]);
  }, 120_000);

  test("scanning for data links public documents and the caller's own, never another account's", async () => {
    const now = ctx.deps.now();
    const secret = "Kế hoạch riêng của Ngàn Sao: ép giá đại lý cà phê Trung Nguyên (tin riêng A-1)";
    const sent = await ingestAs(A.apiKey, [{ ...ingestItem(PROFILE_A, 200, now, "suaviet-private"), content: secret }]);
    expect(sent.status).toBe(200);
    counts.calls += 2;
    expect((await ctx.request("/api/scan-data", { method: "POST", token: B.token, json: {} })).status).toBe(200);
    expect((await ctx.request("/api/scan-data", { method: "POST", token: A.token, json: {} })).status).toBe(200);
    expect(await mentionTexts(B, "tin riêng A")).toEqual({ total: 0, texts: [] });
    expect(await mentionTexts(A, "tin riêng B")).toEqual({ total: 0, texts: [] });
  }, 120_000);

  test("a preview of rules counts and shows public documents and the caller's own, never another account's", async () => {
    const secret = "Ngàn Sao họp kín: ép giá đại lý miền Tây trước Tết (tin riêng A-2)";
    const sent = await ingestAs(A.apiKey, [{ ...ingestItem(PROFILE_A, 1, ctx.deps.now(), "preview-private"), content: secret }]);
    expect(sent.status).toBe(200);
    counts.calls += 2;
    const form = { brand_id: 0, name: "Thử luật", keywords: ["ép giá đại lý"], competitors: [] };
    const asB = await ctx.request("/api/project/preview", { method: "POST", token: B.token, json: form });
    expect(asB.status).toBe(200);
    const [brand] = (await asB.json()).data.brands;
    expect(brand.count).toBe(0);
    const asA = await ctx.request("/api/project/preview", { method: "POST", token: A.token, json: form });
    expect((await asA.json()).data.brands[0].sample.map((s: { content: string }) => s.content)).toEqual([
      expect.stringContaining("tin riêng A-2"),
    ]);
  }, 120_000);
});
