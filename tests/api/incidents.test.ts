import { afterAll, beforeAll, describe, expect, test } from "vitest";
import XLSX from "xlsx";
import type { CollectedDocument } from "../../src/server/services/ingest/collected-document.ts";
import { loadConfig } from "../../src/server/config.ts";
import { smtpMail } from "../../src/server/notify/mail.ts";
import { smsCost } from "../../src/server/notify/sms-segments.ts";
import { detectIncidents } from "../../src/server/services/crisis/detect-incidents.ts";
import { ingestDocuments } from "../../src/server/services/ingest/ingest-documents.ts";
import { groupPost } from "../factories/crisis-posts.ts";
import { smtpInbox } from "../factories/smtp-inbox.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";

const HOUR = 3_600_000;
const CRISIS = "Hàng loạt phụ huynh phản ánh sữa tươi Vinamilk có mùi lạ, yêu cầu thu hồi";
const SLOW = "Vinamilk giao hàng chậm quá, đặt từ hôm qua chưa thấy";
const CALM = "Sáng nay mua hộp sữa Vinamilk ở cửa hàng gần nhà";

let inbox: Awaited<ReturnType<typeof smtpInbox>>;
let ctx: TestContext;
let token: string;
let strangerToken: string;
let projectId: number;
// The clock at the spike's hour; the history is the three weeks before it.
const SPIKE = new Date("2026-11-20T02:00:00Z");

async function get(path: string, as = token) {
  const res = await ctx.request(path, { token: as });
  return { status: res.status, body: await res.json() };
}
async function post(path: string, json: unknown, as = token) {
  const res = await ctx.request(path, { method: "POST", json, token: as });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  inbox = await smtpInbox();
  const config = loadConfig({
    NODE_ENV: "test",
    TRUST_PROXY: "1",
    SMTP_URL: inbox.url,
    MAIL_FROM: "Nghe <canh-bao@nghe.test>",
    SALES_EMAIL: "sales@nghe.test",
  });
  // The sentiment model is not under test here: the crisis texts are negative by construction.
  ctx = await createTestContext({
    config,
    mail: smtpMail({ url: inbox.url, from: config.mail.from }),
    classify: (text) => (/mùi lạ|chậm/.test(text) ? { label: 2, scores: [0, 0, 1] } : { label: 0, scores: [1, 0, 0] }),
  });
  const user = await createVerifiedUser(ctx);
  token = user.token;
  await ctx.handle.db.updateTable("users").set({ account_type: 1 }).where("id", "=", user.user.id).execute();
  projectId = (await post("/api/project", { brand_id: 0, name: "Sữa Việt", keywords: ["Vinamilk"], competitors: [] })).body.data.id;
  const contacts = await ctx.request("/api/notification", {
    method: "PUT",
    token,
    json: { time_reports: [], phones: ["0912345678"], emails: ["khung-hoang@suaviet.vn"] },
  });
  expect(contacts.status).toBe(200);
  strangerToken = (await createVerifiedUser(ctx)).token;
  await post("/api/project", { brand_id: 0, name: "Cà phê", keywords: ["Trung Nguyên"], competitors: [] }, strangerToken);
  // Three weeks of an ordinary brand: a calm mention each hour, a complaint every third hour.
  const docs: CollectedDocument[] = [];
  for (let h = 21 * 24; h >= 1; h -= 1) {
    const at = SPIKE.getTime() - h * HOUR + 60_000;
    docs.push(groupPost(CALM, at));
    if (h % 3 === 0) docs.push(groupPost(SLOW, at + 60_000));
  }
  await ingestDocuments(ctx.deps, docs);
  ctx.setNow(new Date(SPIKE.getTime() + 40 * 60_000));
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await inbox.close();
});

/** The alerts about the brand, by mail (with its marks) and by SMS (without them when they cost a segment). */
function brandMessages() {
  return ctx.handle.db
    .selectFrom("outbox_messages")
    .select(["channel", "recipient", "body"])
    .where((eb) => eb.or([eb("body", "like", "%Sữa Việt%"), eb("body", "like", "%Sua Viet%")]))
    .execute();
}

describe("detection through the real pipeline", () => {
  test("a quiet history opens nothing", async () => {
    const [result] = await detectIncidents(ctx.deps, projectId);
    expect(result.opened).toEqual([]);
    // The hours with two weeks of the brand's data behind them: the last of its three weeks.
    expect(result.judgedHours).toBeGreaterThan(150);
  });

  test("forty complaints in one hour open one incident titled by its story, with alerts once, whatever the reruns and workers", async () => {
    // The newest copies are reposts that add a line of their own: the story's headline still titles the incident.
    await ingestDocuments(ctx.deps, [
      ...Array.from({ length: 40 }, (_, i) => groupPost(CRISIS, SPIKE.getTime() + i * 30_000)),
      ...Array.from({ length: 3 }, (_, i) => groupPost(`Các mẹ có con nhỏ đọc ngay. ${CRISIS}`, SPIKE.getTime() + (41 + i) * 30_000)),
    ]);
    const runs = await Promise.all([detectIncidents(ctx.deps, projectId), detectIncidents(ctx.deps, projectId)]);
    expect(runs.flat().flatMap((r) => r.opened)).toHaveLength(1);
    await detectIncidents(ctx.deps, projectId);
    const incidents = await ctx.handle.db.selectFrom("incidents").selectAll().execute();
    expect(incidents).toHaveLength(1);
    expect(incidents[0].title).toBe(CRISIS);
    expect(incidents[0].status).toBe(0);
    const outbox = await brandMessages();
    expect(outbox.map((m) => m.channel).sort()).toEqual(["email", "sms"]);
    expect(outbox.find((m) => m.channel === "email")!.recipient).toBe("khung-hoang@suaviet.vn");
    const sms = outbox.find((m) => m.channel === "sms")!;
    expect(sms.recipient).toBe("0912345678");
    // The brand's marks would make the plain template two UCS-2 segments; without them it is one GSM-7 message.
    expect(sms.body).toContain("Sua Viet");
    expect(smsCost(sms.body)).toMatchObject({ encoding: "gsm7", segments: 1 });
  });

  test("the alert reaches the SMTP server once; a run within the cooldown, the incident still growing, sends nothing more", async () => {
    expect(inbox.received.map((m) => m.to)).toEqual([["khung-hoang@suaviet.vn"]]);
    const [mail] = inbox.received;
    expect(mail.subject).toContain("Sữa Việt");
    expect(mail.text).toContain("mùi lạ");
    expect(mail.text).toContain("Kết thúc: Chưa kết thúc");
    const incident = await ctx.handle.db.selectFrom("incidents").select("id").executeTakeFirstOrThrow();
    expect(mail.text).toContain(`/crisis-management/${incident.id}`);

    // The spike's hour is over and judged anomalous again: the incident is extended, and the cooldown holds the alert.
    ctx.setNow(new Date(SPIKE.getTime() + 70 * 60_000));
    const [rerun] = await detectIncidents(ctx.deps, projectId);
    expect(rerun.extended).toEqual([incident.id]);
    expect(inbox.received).toHaveLength(1);
    expect(await brandMessages()).toHaveLength(2);
  });
});

describe("the incident calls", () => {
  let id: number;
  beforeAll(async () => {
    id = (await ctx.handle.db.selectFrom("incidents").select("id").executeTakeFirstOrThrow()).id;
  });

  test("the list, the detail and the overview figures", async () => {
    const list = await get(`/api/incident/index?status=0&project_id=${projectId}`);
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.data[0].total_mention).toBeGreaterThanOrEqual(43);
    expect((await get("/api/incident/index?status=1")).body.data.total).toBe(0);
    const info = await get(`/api/incident/info/${id}`);
    expect(info.body.data.origin).toBe("detected");
    const development = await get(`/api/incident/sentiment-development?id=${id}`);
    expect(development.status).toBe(200);
    expect(development.body.data.baseline.length).toBe(development.body.data.buckets.length);
    const counts = await get(`/api/incident/index-sentiment?id=${id}`);
    expect(counts.body.data.negative).toBeGreaterThanOrEqual(40);
    const topics = await get(`/api/incident/hot-topics?id=${id}`);
    expect(topics.body.data[0].title).toBe(CRISIS);
    const words = (await get(`/api/incident/word-cloud?id=${id}`)).body.data.words as { term: string; count: number }[];
    expect(words.map((w) => w.term).join(" ")).toMatch(/mùi lạ|phụ huynh|thu hồi/);
    // Each word opens the crisis's mention list searched for it (the page's link): that list's total is the word's number.
    for (const { term, count } of words) {
      const search = new URLSearchParams({ project_id: String(projectId), incident_id: String(id), search: term });
      expect((await get(`/api/mention/index?${search}`)).body.data.total, term).toBe(count);
    }
    for (const call of [
      "stats",
      "index-sentiment-channel",
      "hot-sentiment",
      "mention-hot-new",
      "trending-mention-interaction",
      "hot-pages",
      "show",
    ])
      expect((await get(`/api/incident/${call}?id=${id}`)).status, call).toBe(200);
  });

  test("attach a mention, evaluate a solution, rename: each in the history", async () => {
    const calm = await ctx.handle.db.selectFrom("documents").select("id").where("content", "=", CALM).limit(1).executeTakeFirstOrThrow();
    expect((await post("/api/incident/attach", { id, document_ids: [calm.id] })).body.data.changed).toBe(1);
    const attached = await get(`/api/incident/mentions?id=${id}&search=cua hang`);
    expect(attached.body.data.data.map((m: { id: number }) => m.id)).toEqual([calm.id]);
    const solution = await post(`/api/incident/solution-evaluation/${id}`, {
      action: "Đăng thông cáo, thu hồi lô sữa",
      done_by: "Phòng truyền thông",
      done_at: SPIKE.toISOString(),
      evaluation: "partly",
      notes: "Bớt bình luận tiêu cực",
    });
    expect(solution.status).toBe(200);
    expect((await get(`/api/incident/solution-evaluation/${id}`)).body.data[0].evaluation).toBe("partly");
    expect((await post("/api/incident/update", { id, title: "Sữa có mùi lạ ở Hà Nội", review: "confirmed" })).status).toBe(200);
    const history = (await get(`/api/incident/update-history/${id}`)).body.data as {
      field: string;
      old_value: string | null;
      new_value: string;
      user_id: number | null;
    }[];
    expect(history.map((h) => h.field)).toEqual(expect.arrayContaining(["status", "mentions_attached", "solution", "title", "review"]));
    expect(history.find((h) => h.field === "status")!.user_id).toBeNull();
    expect(history.find((h) => h.field === "title")!.new_value).toBe("Sữa có mùi lạ ở Hà Nội");
  });

  test("one crisis, one size: tiles, list, related tab, crisis list, charts and every export sheet count its attached mentions", async () => {
    const total = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const sizes = async () => {
      const data = async (call: string) => (await get(`/api/incident/${call}`)).body.data;
      const development = await data(`sentiment-development?id=${id}`);
      const sentiment = await data(`index-sentiment?id=${id}`);
      const res = await ctx.request(`/api/incident/export-excel?id=${id}`, { token });
      const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array" });
      const sheet = (name: string) => XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets[name], { header: 1 });
      const field = (name: string, label: string) => sheet(name).find((r) => r[0] === label)?.[1];
      return {
        tiles: (await data(`stats?id=${id}`)).total_mention,
        list: (await data(`mentions?id=${id}`)).total,
        tab: (await data(`show?id=${id}`)).total_mention,
        crisisList: (await data(`index?project_id=${projectId}`)).data.find((i: { id: number }) => i.id === id).total_mention,
        chart: total(development.series.flatMap((s: { values: number[] }) => s.values)),
        donut: sentiment.neutral + sentiment.positive + sentiment.negative,
        channels: total((await data(`index-sentiment-channel?id=${id}`)).map((c: { total_mention: number }) => c.total_mention)),
        exportRows: sheet("Đề cập").length - 1,
        exportSummary: field("Tổng quan", "Tổng đề cập"),
        exportIncident: field("Sự cố", "Đề cập chi tiết"),
      };
    };
    const attached = await ctx.handle.db.selectFrom("incident_mentions").select("document_id").where("incident_id", "=", id).execute();
    // The forty complaints, their three reposts and the calm mention attached by hand (outside the surge's hours).
    expect(attached.length).toBeGreaterThanOrEqual(44);
    const all = await sizes();
    expect(all).toEqual(Object.fromEntries(Object.keys(all).map((k) => [k, attached.length])));

    // A trial account does not see noise (spec §1): one attached mention marked noise leaves every figure one smaller.
    const owner = await ctx.handle.db.selectFrom("projects").select("user_id").where("id", "=", projectId).executeTakeFirstOrThrow();
    const noisy = attached[0].document_id;
    const mark = async (noise: boolean, accountType: 0 | 1) => {
      await ctx.handle.db
        .updateTable("mentions")
        .set({ is_noise: noise })
        .where("project_id", "=", projectId)
        .where("document_id", "=", noisy)
        .execute();
      await ctx.handle.db.updateTable("users").set({ account_type: accountType }).where("id", "=", owner.user_id).execute();
    };
    await mark(true, 0);
    try {
      const trial = await sizes();
      expect(trial).toEqual(Object.fromEntries(Object.keys(trial).map((k) => [k, attached.length - 1])));
    } finally {
      await mark(false, 1);
    }
  });

  test("export is an .xlsx of the incident, its summary sheet first, then the mentions over its days", async () => {
    const res = await ctx.request(`/api/incident/export-excel?id=${id}&project_id=${projectId}`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array", cellDates: false });
    expect(book.SheetNames).toEqual(["Sự cố", "Đề cập", "Tổng quan", "Top 10 nguồn"]);
    const rows = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets["Sự cố"], { header: 1, raw: false });
    const field = (label: string) => rows.find((r) => r[0] === label)?.slice(1);
    expect(field("Tiêu đề")).toEqual(["Sữa có mùi lạ ở Hà Nội"]);
    expect(field("Dự án")).toEqual(["Sữa Việt"]);
    expect(field("Trạng thái")).toEqual(["Đang diễn ra"]);
    expect(field("Xác nhận")).toEqual(["Đã xác nhận"]);
    expect(field("Mức độ")).toEqual(["Nghiêm trọng"]);
    expect(field("Nguồn gốc")).toEqual(["Phát hiện tự động"]);
    // Vietnam time, as the screens show it.
    expect(field("Ngày bắt đầu")).toEqual(["2026-11-20 09:00:00"]);
    expect(field("Ngày kết thúc")).toEqual(["Chưa kết thúc"]);
    expect(Number(field("Đề cập chi tiết")![0])).toBeGreaterThanOrEqual(44);
    expect(Number(field("Đỉnh (đề cập tiêu cực/giờ)")![0])).toBeGreaterThanOrEqual(40);
    const solutions = rows.findIndex((r) => r[0] === "Giải pháp và đánh giá");
    expect(rows[solutions + 1]).toEqual([
      "Đã làm gì",
      "Người thực hiện",
      "Thời điểm thực hiện",
      "Đánh giá hiệu quả",
      "Ghi chú",
      "Người ghi nhận",
    ]);
    expect(rows[solutions + 2]).toEqual([
      "Đăng thông cáo, thu hồi lô sữa",
      "Phòng truyền thông",
      "2026-11-20 09:00:00",
      "Hiệu quả một phần",
      "Bớt bình luận tiêu cực",
      expect.any(String),
    ]);
    expect((await ctx.request(`/api/incident/export-excel?id=${id}`, { token, lang: "en" })).status).toBe(200);
  });

  test("another account's incident is not found; bad input is a clear 422", async () => {
    for (const path of [
      `/api/incident/info/${id}`,
      `/api/incident/stats?id=${id}`,
      `/api/incident/update-history/${id}`,
      `/api/incident/export-excel?id=${id}`,
    ])
      expect((await get(path, strangerToken)).status, path).toBe(404);
    expect((await post("/api/incident/update", { id, title: "Của tôi" }, strangerToken)).status).toBe(404);
    expect((await post("/api/incident/attach", { id, document_ids: [1] }, strangerToken)).status).toBe(404);
    expect((await get(`/api/incident/index?project_id=${projectId}`, strangerToken)).status).toBe(404);
    expect((await get("/api/incident/stats?id=abc")).status).toBe(422);
    expect(
      (await post(`/api/incident/solution-evaluation/${id}`, { action: "x", done_by: "y", done_at: "hôm qua", evaluation: "tốt" })).status,
    ).toBe(422);
    expect(
      (
        await post("/api/incident/settings", {
          project_id: projectId,
          sensitivity: "extreme",
          min_volume: 0,
          cooldown_hours: 1,
          resolve_hours: 1,
        })
      ).status,
    ).toBe(422);
  });

  test("calm hours end the surge but leave the crisis in progress: only a person marks it done; dismissing keeps it in the history", async () => {
    ctx.setNow(new Date(SPIKE.getTime() + 10 * HOUR));
    const [result] = await detectIncidents(ctx.deps, projectId);
    expect(result.calmed).toEqual([id]);
    const calmed = (await get(`/api/incident/info/${id}`)).body.data;
    expect(calmed.status).toBe(0);
    expect(calmed.end_date).toBe(new Date(SPIKE.getTime() + HOUR).toISOString());
    type Change = { field: string; old_value: string | null; new_value: string | null; user_id: number | null };
    const byDetector = ((await get(`/api/incident/update-history/${id}`)).body.data as Change[]).filter((h) => h.user_id === null);
    expect(byDetector.find((h) => h.field === "surge")).toMatchObject({ old_value: "surging", new_value: "calmed" });
    expect(byDetector.filter((h) => h.field === "status").map((h) => h.new_value)).toEqual(["opened"]);
    // Another run changes nothing more.
    expect((await detectIncidents(ctx.deps, projectId))[0].calmed).toEqual([]);
    expect((await get(`/api/incident/info/${id}`)).body.data.status).toBe(0);

    expect((await post("/api/incident/update", { id, status: 1 })).status).toBe(200);
    const done = (await get(`/api/incident/info/${id}`)).body.data;
    expect(done).toMatchObject({ status: 1, end_date: calmed.end_date });
    const byPerson = ((await get(`/api/incident/update-history/${id}`)).body.data as Change[]).filter((h) => h.user_id !== null);
    expect(byPerson.find((h) => h.field === "status")).toMatchObject({ old_value: "0", new_value: "1" });
    await post("/api/incident/update", { id, review: "dismissed" });
    const history = (await get(`/api/incident/update-history/${id}`)).body.data as Change[];
    expect(history.some((h) => h.field === "review" && h.new_value === "dismissed")).toBe(true);
  });

  test("a person reopening a calmed detected crisis keeps the surge's end, even while a newer surge is open", async () => {
    const end = (await get(`/api/incident/info/${id}`)).body.data.end_date;
    const now = ctx.deps.now();
    await ctx.handle.db
      .insertInto("incidents")
      .values({ project_id: projectId, title: "Đợt mới", started_at: now, origin: "detected", created_at: now, updated_at: now })
      .execute();
    expect((await post("/api/incident/update", { id, status: 0 })).status).toBe(200);
    expect((await post("/api/incident/update", { id, ended_at: null })).status).toBe(200);
    expect((await get(`/api/incident/info/${id}`)).body.data).toMatchObject({ status: 0, end_date: end });
  });
});
