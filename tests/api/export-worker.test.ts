import { sql } from "kysely";
import { Worker } from "node:worker_threads";
import { afterAll, afterEach, beforeAll, expect, test, vi } from "vitest";
import { translate } from "../../src/i18n/index.ts";
import { exportMentions } from "../../src/server/services/mentions/export-mentions.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";
import { DashboardQuery } from "../../src/shared/schemas/dashboard.ts";

// The Excel file is built in a worker thread (services/mentions/build-workbook.ts): the server answers other requests
// while a big export is written, and a worker that fails ends the export with a clear error, never a hang.
const ROWS = 30_000;

let ctx: TestContext;
let token: string;
let userId: number;
let projectId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  ({
    token,
    user: { id: userId },
  } = await createVerifiedUser(ctx));
  const created = await ctx.request("/api/project", {
    method: "POST",
    token,
    json: { brand_id: 0, name: "Sữa Mộc Lan", keywords: ["Sữa Mộc Lan"], competitors: [] },
  });
  projectId = (await created.json()).data.id;
  // Straight in SQL: the pipeline would take minutes for this many documents, and only their number matters here.
  const db = ctx.handle.db;
  await sql`insert into documents (dedup_key, channel, platform, url, mention_type, content, search_text, published_at, collected_at,
      updated_at, source_name, author_name, likes, shares, comments, views, sentiment, sentiment_scores, noise_score)
    select 'worker:' || g, 2, 'vnexpress.net', 'https://vnexpress.net/sua-moc-lan-' || g || '.html', 0, 'Sữa Mộc Lan thơm ngon ' || g,
      'sua moc lan thom ngon ' || g, ${ctx.deps.now()}::timestamptz - g * interval '30 seconds', now(), now(), 'VnExpress', 'Lê Thu Hà',
      g % 50, 1, 2, 10, g % 3, array[0.3, 0.4, 0.3]::real[], 0
    from generate_series(1, ${ROWS}) g`.execute(db);
  await sql`insert into mentions (project_id, document_id, published_at, channel, mention_type, sentiment, is_noise, matched_keywords,
      created_at, updated_at, interactions)
    select ${projectId}, id, published_at, channel, mention_type, sentiment, false, array['sua moc lan'], now(), now(), likes + shares + comments
    from documents where dedup_key like 'worker:%'`.execute(db);
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => ctx.close());

/** The caller as the session check finds it, for calling the export service itself. */
const caller = () => ({ id: userId, sessionId: 0, accountType: 1 as const });
const rawQuery = (type_time: string) => ({ project_id: String(projectId), type_time });
/** The export's query as the route hands it over: parsed by the list's schema. */
const query = (type_time: string) => DashboardQuery.assert(rawQuery(type_time));

/**
 * Holds an export's "write" (every row sent; the worker is to write the file) until released: `held` resolves once the
 * export got that far, so what the server does meanwhile depends on no timing.
 */
function holdWrite() {
  const post = Worker.prototype.postMessage;
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = new Promise<void>((resolve) => {
    vi.spyOn(Worker.prototype, "postMessage").mockImplementation(function (this: Worker, message, transfer) {
      if (message !== "write") return post.call(this, message, transfer);
      resolve();
      void released.then(() => post.call(this, message, transfer));
    });
  });
  return { held, release };
}

test("another request is answered while a big export's workbook is in its worker", async () => {
  const { held, release } = holdWrite();
  const answered: string[] = [];
  const exported = exportMentions(ctx.deps, caller(), query("month"), "vi").then(({ rows }) => {
    answered.push("export");
    return rows;
  });
  await held;
  const health = await ctx.request("/api/health");
  answered.push("health");
  expect(health.status).toBe(200);
  release();
  expect(await exported).toBe(ROWS);
  expect(answered).toEqual(["health", "export"]);
});

test("a worker that dies answers a clear 500 in the envelope, and the next export works", async () => {
  const post = Worker.prototype.postMessage;
  vi.spyOn(Worker.prototype, "postMessage").mockImplementation(function (this: Worker, message, transfer) {
    if (message === "write") void this.terminate();
    else post.call(this, message, transfer);
  });
  const path = `/api/mention/export-excel?${new URLSearchParams(rawQuery("today"))}`;
  const failed = await ctx.request(path, { token, lang: "en" });
  expect(failed.status).toBe(500);
  expect((await failed.json()).data.message).toBe(translate("en", "error.export_failed"));
  vi.restoreAllMocks();
  expect((await ctx.request(path, { token })).status).toBe(200);
});

test("a workbook the worker cannot build is the same clear error", async () => {
  // Excel forbids "/" in a sheet name; xlsx throws inside the worker.
  const badSheet = { name: "Khủng hoảng 1/2", rows: [["x"]] };
  await expect(exportMentions(ctx.deps, caller(), query("today"), "vi", [badSheet])).rejects.toMatchObject({
    status: 500,
    fields: { message: [{ key: "error.export_failed" }] },
  });
});
