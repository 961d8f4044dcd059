import * as XLSX from "xlsx";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { CollectedDocument } from "../../src/server/services/ingest/collected-document.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import { createDeps } from "../../src/server/deps.ts";
import { createLogger } from "../../src/server/log.ts";
import type { DocumentScope } from "../../src/server/db/document-scope.ts";
import { ingestDocuments } from "../../src/server/services/ingest/ingest-documents.ts";
import { backfillStories } from "../../src/server/services/stories/backfill-stories.ts";
import { pruneStoryIndex } from "../../src/server/services/stories/prune-story-index.ts";
import { rollupsAndTruth } from "../factories/rollup-check.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PERIOD = "start_date=2026-10-01&end_date=2026-11-21";

const CRISIS = "Hàng loạt phụ huynh phản ánh sữa tươi Vinamilk có mùi lạ, yêu cầu thu hồi";
const COPIES = [
  CRISIS,
  "HÀNG LOẠT PHỤ HUYNH PHẢN ÁNH SỮA TƯƠI VINAMILK CÓ MÙI LẠ, YÊU CẦU THU HỒI!!!",
  `${CRISIS} 😡😡 https://tuoitre.vn/hang-loat-phu-huynh-phan-anh-sua-tuoi-co-mui-la.htm`,
  `@Lan.Anh @minhtuan ${CRISIS}`,
];
const REPOSTS = [
  `Mọi người chia sẻ giúp để các mẹ cẩn thận nhé: ${CRISIS}`,
  `${CRISIS}. Nhà mình cũng vừa mua hai thùng tuần trước, giờ không dám cho con uống nữa, ai biết đổi trả ở đâu không ạ?`,
];
const TEMPLATED = [
  "Vinamilk khai trương điểm bán mới tại Hà Nội, tặng quà cho 500 khách hàng đầu tiên",
  "Vinamilk khai trương điểm bán mới tại Cần Thơ, tặng quà cho 500 khách hàng đầu tiên",
  "Vinamilk khai trương điểm bán mới tại Đà Nẵng, tặng quà cho 500 khách hàng đầu tiên",
  "Giá sữa bột Vinamilk hôm nay 12/11 là 450 nghìn đồng một hộp tại các đại lý",
  "Giá sữa bột Vinamilk hôm nay 13/11 là 465 nghìn đồng một hộp tại các đại lý",
];

let ctx: TestContext;
let token: string;
let projectId: number;
let counter = 0;

function doc(content: string, options: { channel?: number; hoursAgo?: number; likes?: number; tag?: string } = {}): CollectedDocument {
  counter += 1;
  const n = counter;
  return {
    channel: options.channel ?? 1,
    platform: "facebook",
    externalId: `${options.tag ?? "story"}-${n}`,
    url: `https://facebook.com/groups/me-va-be/posts/${n}`,
    mentionType: 0,
    parentExternalId: null,
    title: null,
    content,
    publishedAt: new Date(ctx.deps.now().getTime() - (options.hoursAgo ?? n) * HOUR),
    source: { id: null, name: "Hội Mẹ Bỉm Sữa", url: null },
    author: { id: `tac-gia-${n}`, name: "Nguyễn Thu Hà", url: null, followers: 120, location: "Hà Nội" },
    metrics: { likes: options.likes ?? n, shares: 1, comments: 2, views: 0 },
    rating: null,
    ecommerceSource: null,
    hashtags: [],
  };
}

/** Ingests the texts (one document each) and returns each document's story, in order. */
async function ingest(
  texts: string[],
  options: { scope?: DocumentScope; channel?: (i: number) => number; tag?: string } = {},
): Promise<number[]> {
  const docs = texts.map((text, i) => doc(text, { channel: options.channel?.(i), tag: options.tag }));
  await ingestDocuments(ctx.deps, docs, { scope: options.scope });
  const rows = await ctx.handle.db
    .selectFrom("documents")
    .select(["external_id", "story_id"])
    .where(
      "external_id",
      "in",
      docs.map((d) => d.externalId!),
    )
    .execute();
  const story = new Map(rows.map((r) => [r.external_id, r.story_id]));
  return docs.map((d) => story.get(d.externalId)!);
}

async function get(path: string, as = token) {
  const res = await ctx.request(path, { token: as });
  return { status: res.status, body: await res.json() };
}

async function post(path: string, json: unknown, as = token) {
  const res = await ctx.request(path, { method: "POST", json, token: as });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const user = await createVerifiedUser(ctx);
  token = user.token;
  // A contracted account sees every mention (trial accounts have repeated texts filtered out as noise).
  await ctx.handle.db.updateTable("users").set({ account_type: 1 }).where("id", "=", user.user.id).execute();
  const created = await post("/api/project", { brand_id: 0, name: "Sữa Việt", keywords: ["Vinamilk"], competitors: [] });
  projectId = created.body.data.id;
});
afterAll(() => ctx.close());

describe("stories at ingest", () => {
  test("copies of one text share a story, in one batch and across batches", async () => {
    const first = await ingest(COPIES);
    expect(new Set(first).size).toBe(1);
    const later = await ingest([COPIES[1], COPIES[3]]);
    expect(later).toEqual([first[0], first[0]]);
    // A photo without a caption, or a bare link, is nobody's copy.
    const alone = await ingest(["", "https://shopee.vn/sua-tuoi-vinamilk-i.123.456", "📷📷"]);
    expect(new Set(alone).size).toBe(3);
  });

  test("reposts with added text join the story", async () => {
    const [story] = await ingest([CRISIS]);
    expect(await ingest(REPOSTS)).toEqual([story, story]);
  });

  test("different stories told with the same template words stay apart", async () => {
    const stories = await ingest(TEMPLATED);
    expect(new Set(stories).size).toBe(TEMPLATED.length);
    // …and each of them still gathers its own copies.
    expect(await ingest([TEMPLATED[1].toUpperCase(), `Tin vui cho người Cần Thơ: ${TEMPLATED[1]}`])).toEqual([stories[1], stories[1]]);
  });

  test("an account's own documents never share a story with the pool or with another account", async () => {
    const [pool] = await ingest([CRISIS]);
    const other = await createVerifiedUser(ctx);
    const [own] = await ingest([CRISIS], { scope: { accountId: other.user.id } });
    const [again] = await ingest([REPOSTS[0]], { scope: { accountId: other.user.id } });
    expect(own).not.toBe(pool);
    expect(again).toBe(own);
    // The account's story is not another tenant's to read.
    expect((await get(`/api/mention/story/${own}?project_id=${projectId}&${PERIOD}`)).status).toBe(404);
  });

  test("texts not seen for two weeks leave the index: a copy after that founds a new story", async () => {
    const text = "Vinamilk tài trợ 1 triệu ly sữa cho học sinh vùng cao Hà Giang trong năm học mới";
    const [before] = await ingest([text]);
    const start = ctx.deps.now();
    ctx.setNow(new Date(start.getTime() + 15 * DAY));
    try {
      expect(await pruneStoryIndex(ctx.deps)).toBeGreaterThan(0);
      const [after] = await ingest([`${text} 👏`]);
      expect(after).not.toBe(before);
      expect(await ingest([text])).toEqual([after]);
    } finally {
      ctx.setNow(start);
    }
  });

  test("documents stored before stories get theirs from the backfill", async () => {
    const ids = await ingest(
      [...COPIES, ...TEMPLATED].map((t) => `${t} (bản lưu trữ)`),
      { tag: "old" },
    );
    expect(new Set(ids).size).toBe(1 + TEMPLATED.length);
    const old = await ctx.handle.db.selectFrom("documents").select("id").where("external_id", "like", "old-%").execute();
    await ctx.handle.db
      .updateTable("documents")
      .set({ story_id: null })
      .where(
        "id",
        "in",
        old.map((d) => d.id),
      )
      .execute();
    await ctx.handle.db.deleteFrom("story_texts").execute();

    expect(await backfillStories(ctx.deps)).toBe(old.length);
    const rows = await ctx.handle.db
      .selectFrom("documents")
      .select(["content", "story_id"])
      .where("external_id", "like", "old-%")
      .orderBy("id")
      .execute();
    expect(rows.every((r) => r.story_id !== null)).toBe(true);
    expect(new Set(rows.slice(0, COPIES.length).map((r) => r.story_id)).size).toBe(1);
    expect(new Set(rows.map((r) => r.story_id)).size).toBe(1 + TEMPLATED.length);
    expect(await backfillStories(ctx.deps)).toBe(0);
  });
});

describe.runIf(process.env.NGHE_TEST_DB === "postgres")("stories with several workers", () => {
  test("two workers ingesting the same new texts at once found one story per text", async () => {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(ctx.handle.db);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${rows[0].name}`;
    const second = await openDatabase({ url: url.toString() });
    const other = createDeps(ctx.deps.config, second, { log: createLogger("silent"), now: ctx.deps.now });
    const { max: before } = await ctx.handle.db
      .selectFrom("stories")
      .select((eb) => eb.fn.coalesce(eb.fn.max("id"), eb.lit(0)).as("max"))
      .executeTakeFirstOrThrow();
    try {
      for (let round = 0; round < 6; round += 1) {
        const texts = Array.from(
          { length: 40 },
          (_, i) => `Vòng ${round}: đại lý số ${i} ở Bình Dương báo hết hàng sữa tươi Vinamilk ít đường từ sáng nay`,
        );
        const batch = (tag: string) => texts.map((text, i) => doc(i % 3 === 0 ? text.toUpperCase() : text, { tag: `${tag}-${round}` }));
        // Each worker sends its own posts of the same texts, in opposite orders.
        await Promise.all([ingestDocuments(ctx.deps, batch("a")), ingestDocuments(other, batch("b").reverse())]);
        const stories = await ctx.handle.db
          .selectFrom("documents")
          .select(["content", "story_id"])
          .where((eb) => eb.or([eb("external_id", "like", `a-${round}-%`), eb("external_id", "like", `b-${round}-%`)]))
          .execute();
        expect(stories).toHaveLength(80);
        const byText = Map.groupBy(stories, (s) => s.content.toLowerCase());
        expect(byText.size).toBe(40);
        for (const copies of byText.values()) expect(new Set(copies.map((c) => c.story_id)).size).toBe(1);
      }
      // No story was left without documents by the worker that lost a race.
      const { rows: empty } = await sql<{
        n: number;
      }>`select count(*)::int as n from stories s where s.id > ${before} and not exists (select 1 from documents d where d.story_id = s.id)`.execute(
        ctx.handle.db,
      );
      expect(empty[0].n).toBe(0);
    } finally {
      await second.close();
    }
  });
});

describe("stories in the product", () => {
  let story: number;
  beforeAll(async () => {
    [story] = await ingest([...COPIES, ...REPOSTS, CRISIS], { channel: (i) => [1, 2, 7][i % 3], tag: "product" });
  });

  test("the mention list grouped by story: one item per story with its copies, channels, first and latest time", async () => {
    const flat = await get(`/api/mention/index?project_id=${projectId}&${PERIOD}`);
    const grouped = await get(`/api/mention/index?project_id=${projectId}&${PERIOD}&group=story`);
    expect(grouped.status).toBe(200);
    const { data, total } = grouped.body.data;
    const mentions = await ctx.handle.db
      .selectFrom("mentions as m")
      .innerJoin("documents as d", "d.id", "m.document_id")
      .select(["d.story_id", "m.channel", "m.published_at"])
      .where("m.project_id", "=", projectId)
      .where("m.published_at", ">=", new Date("2026-09-30T17:00:00Z"))
      .where("m.published_at", "<", new Date("2026-11-21T17:00:00Z"))
      .execute();
    expect(total).toBe(new Set(mentions.map((m) => m.story_id)).size);
    expect(total).toBeLessThan(flat.body.data.total);
    const crisis = data.find((item: { story_id: number }) => item.story_id === story);
    const copies = mentions.filter((m) => m.story_id === story);
    expect(crisis).toMatchObject({
      project_id: projectId,
      copies: copies.length,
      channel_ids: [...new Set(copies.map((c) => c.channel))].sort((a, b) => a - b),
      first_published_at: new Date(Math.min(...copies.map((c) => c.published_at.getTime()))).toISOString(),
      latest_published_at: new Date(Math.max(...copies.map((c) => c.published_at.getTime()))).toISOString(),
    });
    expect(crisis.mention.story_id).toBe(story);
    expect(crisis.mention.published_at).toBe(crisis.latest_published_at);
    // Newest stories first, and no story twice.
    const latest = data.map((item: { latest_published_at: string }) => item.latest_published_at);
    expect(latest).toEqual([...latest].sort().reverse());
    expect(new Set(data.map((item: { story_id: number }) => item.story_id)).size).toBe(data.length);
  });

  test("a story's mentions in the project; another account, a stranger's story and a bad id are refused", async () => {
    const page = await get(`/api/mention/story/${story}?project_id=${projectId}&${PERIOD}`);
    expect(page.status).toBe(200);
    expect(page.body.data.total).toBeGreaterThanOrEqual(COPIES.length + REPOSTS.length);
    expect(page.body.data.data.every((m: { story_id: number }) => m.story_id === story)).toBe(true);
    const stranger = await createVerifiedUser(ctx);
    await post("/api/project", { brand_id: 0, name: "Cà phê", keywords: ["Trung Nguyên"], competitors: [] }, stranger.token);
    const theirs = await get(`/api/mention/story/${story}?${PERIOD}`, stranger.token);
    const missing = await get(`/api/mention/story/987654321?${PERIOD}`, stranger.token);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    expect((await get(`/api/mention/story/${story}?project_id=${projectId}`, stranger.token)).status).toBe(404);
    expect((await get(`/api/mention/story/abc?project_id=${projectId}`)).status).toBe(422);
  });

  test("hot and latest cards show each story once, with its number of copies", async () => {
    for (const widget of ["mention-latest", "hot-mention"]) {
      const { body } = await get(`/api/dashboard/${widget}?project_id=${projectId}&${PERIOD}&limit=10`);
      const stories = body.data.map((m: { story_id: number }) => m.story_id);
      expect(new Set(stories).size).toBe(stories.length);
      const crisis = body.data.find((m: { story_id: number }) => m.story_id === story);
      if (crisis) expect(crisis.story_copies).toBeGreaterThanOrEqual(COPIES.length + REPOSTS.length);
    }
    const { body } = await get(`/api/dashboard/mention-latest?project_id=${projectId}&${PERIOD}&limit=10`);
    expect(body.data.map((m: { story_id: number }) => m.story_id)).toContain(story);
  });

  test("the Excel export names each mention's story", async () => {
    const res = await ctx.request(`/api/mention/export-excel?project_id=${projectId}&type_time=3-months-ago`, { token });
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array" });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets["Đề cập"]);
    // By its headline (the title, else the text, of the story's first document), not by an internal id.
    const founder = await ctx.handle.db
      .selectFrom("documents")
      .select(["title", "content"])
      .where("story_id", "=", story)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const headline = (founder.title || founder.content).replace(/\s+/g, " ").trim();
    expect(rows.every((r) => typeof r["Câu chuyện"] === "string")).toBe(true);
    const crisisRows = rows.filter((r) => headline.startsWith(String(r["Câu chuyện"]).replace(/…$/, "")));
    expect(crisisRows.length).toBeGreaterThanOrEqual(COPIES.length + REPOSTS.length);
    expect(crisisRows.every((r) => String(r["Nội dung"]).toLowerCase().includes("phụ huynh phản ánh"))).toBe(true);
  });
});

describe("correct once, fix the story", () => {
  const storyMentions = async (storyId: number) =>
    ctx.handle.db
      .selectFrom("mentions as m")
      .innerJoin("documents as d", "d.id", "m.document_id")
      .select(["m.document_id", "m.sentiment", "m.sentiment_source", "m.status"])
      .where("m.project_id", "=", projectId)
      .where("d.story_id", "=", storyId)
      .orderBy("m.document_id")
      .execute();

  test("a sentiment change offers the story, one click fixes it, undo restores each previous value; counters stay exact", async () => {
    const text = "Sữa chua Vinamilk nha đam bị phát hiện nấm mốc tại một siêu thị ở Hải Phòng, khách hàng bức xúc";
    const [storyId] = await ingest([text, `${text} 😱`, `Cảnh báo các mẹ: ${text}`, text.toUpperCase(), `${text}!!`]);
    const before = await storyMentions(storyId);
    expect(before).toHaveLength(5);
    // Someone already judged one copy by hand: the story apply overrides it, the undo must bring it back.
    const [first, judged] = before;
    await post("/api/mention/update", { project_id: projectId, ids: [judged.document_id], sentiment: 1, status: 2 });
    const original = await storyMentions(storyId);

    const one = await post("/api/mention/update", { project_id: projectId, ids: [first.document_id], sentiment: 2 });
    expect(one.status).toBe(200);
    // Every other copy changes: to negative, or (already negative) from the model's judgement to a person's.
    expect(one.body.data).toMatchObject({ updated: 1, story: { id: storyId, others: 4 } });

    const applied = await post("/api/mention/update", {
      project_id: projectId,
      ids: [first.document_id],
      sentiment: 2,
      apply_to_story: true,
    });
    expect(applied.body.data.updated).toBe(one.body.data.story.others);
    expect((await storyMentions(storyId)).map((m) => [m.sentiment, m.sentiment_source])).toEqual(before.map(() => [2, "manual"]));
    const audit = await ctx.handle.db
      .selectFrom("mention_audit")
      .select(["document_id", "field", "old_value", "new_value"])
      .where("edit_id", "=", applied.body.data.edit_id)
      .execute();
    expect(new Set(audit.map((a) => a.document_id)).size).toBe(applied.body.data.updated);
    expect(audit.filter((a) => a.field === "sentiment")).toHaveLength(
      original.filter((m) => m.document_id !== first.document_id && m.sentiment !== 2).length,
    );
    const edit = await ctx.handle.db
      .selectFrom("mention_edits")
      .selectAll()
      .where("id", "=", applied.body.data.edit_id)
      .executeTakeFirstOrThrow();
    expect(edit.story_id).toBe(storyId);
    let { rollups, truth } = await rollupsAndTruth(ctx.handle.db, projectId);
    expect(rollups).toEqual(truth);

    const undone = await post("/api/mention/undo", { project_id: projectId, edit_id: applied.body.data.edit_id });
    expect(undone.status).toBe(200);
    expect(undone.body.data.restored).toBe(applied.body.data.updated);
    const after = await storyMentions(storyId);
    // Each copy is back to what it was, the one judged by hand included; the first keeps its own separate change.
    expect(after.filter((m) => m.document_id !== first.document_id)).toEqual(original.filter((m) => m.document_id !== first.document_id));
    expect(after.find((m) => m.document_id === first.document_id)).toMatchObject({ sentiment: 2, sentiment_source: "manual" });
    ({ rollups, truth } = await rollupsAndTruth(ctx.handle.db, projectId));
    expect(rollups).toEqual(truth);

    const again = await post("/api/mention/undo", { project_id: projectId, edit_id: applied.body.data.edit_id });
    expect(again.status).toBe(409);
    expect(again.body.errors.message).toEqual(["Thay đổi này đã được hoàn tác"]);
  });

  test("a status set for the story, then undone", async () => {
    const text = "Vinamilk thông báo thu hồi lô sữa tươi 180ml hạn dùng tháng 12 để kiểm tra chất lượng";
    const [storyId] = await ingest([text, `Tin mới: ${text}`, `${text} (nguồn: báo Tuổi Trẻ)`]);
    const [first] = await storyMentions(storyId);
    const one = await post("/api/mention/update", { project_id: projectId, ids: [first.document_id], status: 2 });
    expect(one.body.data.story).toEqual({ id: storyId, others: 2 });
    const applied = await post("/api/mention/update", { project_id: projectId, ids: [first.document_id], status: 2, apply_to_story: true });
    expect(applied.body.data.updated).toBe(2);
    expect((await storyMentions(storyId)).map((m) => m.status)).toEqual([2, 2, 2]);
    await post("/api/mention/undo", { project_id: projectId, edit_id: applied.body.data.edit_id });
    expect((await storyMentions(storyId)).map((m) => m.status)).toEqual([2, 0, 0]);
    // A mention alone in its story offers nothing.
    const [lone] = await ingest(["Vinamilk mở thêm nhà máy sữa bột ở Bắc Ninh với công suất 40 nghìn tấn mỗi năm"]);
    const [alone] = await storyMentions(lone);
    expect((await post("/api/mention/update", { project_id: projectId, ids: [alone.document_id], status: 1 })).body.data.story).toBeNull();
  });

  test("each sentiment set by hand is kept as a labelled example; an undo revokes its examples", async () => {
    const text = "Hộp sữa bột Vinamilk mua ở Đà Lạt bị vón cục, hạn sử dụng vẫn còn dài, mong hãng phản hồi sớm";
    const [storyId] = await ingest([text, `Chia sẻ lại: ${text}`, `${text} 😞`]);
    const [first, ...others] = await storyMentions(storyId);
    const one = await post("/api/mention/update", { project_id: projectId, ids: [first.document_id], sentiment: 2 });
    const applied = await post("/api/mention/update", {
      project_id: projectId,
      ids: [first.document_id],
      sentiment: 2,
      apply_to_story: true,
    });
    const corrections = await ctx.handle.db
      .selectFrom("sentiment_corrections")
      .select(["document_id", "label", "source", "text", "edit_id", "revoked_at", "model_label", "user_id"])
      .where("edit_id", "in", [one.body.data.edit_id, applied.body.data.edit_id])
      .orderBy("document_id")
      .execute();
    expect(corrections.map((c) => [c.document_id, c.label, c.source])).toEqual([
      [first.document_id, 2, "mention"],
      ...others.map((m) => [m.document_id, 2, "story"]),
    ]);
    expect(corrections[0].text).toBe(text);
    expect(corrections.every((c) => c.revoked_at === null && c.model_label !== null)).toBe(true);

    await post("/api/mention/undo", { project_id: projectId, edit_id: applied.body.data.edit_id });
    const revoked = await ctx.handle.db
      .selectFrom("sentiment_corrections")
      .select(["source", "revoked_at"])
      .where("edit_id", "=", applied.body.data.edit_id)
      .execute();
    expect(revoked.every((c) => c.revoked_at !== null)).toBe(true);
  });

  test("another account can neither apply to the story nor undo the edit", async () => {
    const text = "Vinamilk bị khách hàng tố giao nhầm sữa hết hạn ở cửa hàng quận 7, đại diện hãng đã xin lỗi";
    const [storyId] = await ingest([text, `${text}!`]);
    const [first] = await storyMentions(storyId);
    const mine = await post("/api/mention/update", { project_id: projectId, ids: [first.document_id], sentiment: 0, apply_to_story: true });
    const stranger = await createVerifiedUser(ctx);
    const own = await post("/api/project", { brand_id: 0, name: "Bia", keywords: ["Sabeco"], competitors: [] }, stranger.token);
    const before = await storyMentions(storyId);
    expect(
      (
        await post(
          "/api/mention/update",
          { project_id: projectId, ids: [first.document_id], sentiment: 1, apply_to_story: true },
          stranger.token,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await post(
          "/api/mention/update",
          { project_id: own.body.data.id, ids: [first.document_id], sentiment: 1, apply_to_story: true },
          stranger.token,
        )
      ).status,
    ).toBe(404);
    const theirs = await post("/api/mention/undo", { project_id: own.body.data.id, edit_id: mine.body.data.edit_id }, stranger.token);
    const never = await post("/api/mention/undo", { project_id: own.body.data.id, edit_id: 987_654_321 }, stranger.token);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(never.body);
    expect((await post("/api/mention/undo", { project_id: projectId, edit_id: mine.body.data.edit_id }, stranger.token)).status).toBe(404);
    expect(await storyMentions(storyId)).toEqual(before);
  });
});
