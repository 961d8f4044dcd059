import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { findDbCommand } from "../../src/server/cli/db-commands.ts";
import { loadConfig } from "../../src/server/config.ts";
import { retrainSentimentJob } from "../../src/server/jobs/retrain-sentiment.ts";
import { adaptationFeatures, decodeAdaptation } from "../../src/server/nlp/sentiment/adaptation.ts";
import { ingestDocuments } from "../../src/server/services/ingest/ingest-documents.ts";
import { accountClassifier } from "../../src/server/services/sentiment/account-classifier.ts";
import { CHANNEL_ID } from "../../src/shared/channels.ts";
import { readCorrections } from "../../src/server/services/retraining/read-corrections.ts";
import { retrainAccount } from "../../src/server/services/retraining/retrain-account.ts";
import { rollupsAndTruth } from "../factories/rollup-check.ts";
import { createTestContext, type TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";

const NEGATIVE = 2;
// Stores given up (their premises handed back), bad news for the chain; the base model reads them as good news or neutral.
const CLOSINGS = [
  "Bách Hóa Xanh trả mặt bằng 200 cửa hàng",
  "FPT Shop trả mặt bằng 50 cửa hàng trên toàn quốc",
  "Thế Giới Di Động trả mặt bằng hàng loạt cửa hàng",
  "Chuỗi cà phê The Coffee House trả mặt bằng nhiều cửa hàng",
  "Guardian trả mặt bằng 15 cửa hàng",
  "Ministop trả mặt bằng 20 cửa hàng tại TP.HCM",
  "Aeon trả mặt bằng hai cửa hàng",
  "Vinmart trả mặt bằng các cửa hàng thua lỗ",
  "Co.op Smile trả mặt bằng 25 cửa hàng",
  "Nguyễn Kim trả mặt bằng 4 trung tâm",
  "The Body Shop trả mặt bằng toàn bộ cửa hàng",
  "Starbucks trả mặt bằng 3 cửa hàng tại Hà Nội",
];
const SIMILAR = ["Điện Máy Xanh trả mặt bằng 30 cửa hàng", "Co.op Food trả mặt bằng 12 cửa hàng"];
const UNRELATED = ["Phở Thìn nước dùng đậm đà, rất ngon", "Phở Thìn hôm nay đông khách"];
// Layoffs, which the base reads as the bad news they are; a careless account marks them as good news.
const LAYOFFS = [
  "Ngân hàng ACB cắt giảm nhân sự",
  "Techcombank cắt giảm 1.000 nhân viên",
  "Shopee cắt giảm nhân sự tại Việt Nam",
  "Tiki cắt giảm nhân sự lần thứ hai",
  "Lazada cắt giảm nhân sự văn phòng",
  "Grab cắt giảm nhân sự khu vực",
];

let ctx: TestContext;
// No dev sets unless a test gives some: the gate then judges on the held-back corrections alone.
const noDatasets = mkdtempSync(join(tmpdir(), "nghe-no-datasets-"));
const devFixture = mkdtempSync(join(tmpdir(), "nghe-dev-"));

type Account = { token: string; userId: number; projectId: number };

async function accountWithProject(keywords: string[]): Promise<Account> {
  const { token, user } = await createVerifiedUser(ctx);
  const created = await ctx.request("/api/project", {
    method: "POST",
    token,
    json: { brand_id: 0, name: "Bán lẻ", keywords, competitors: [] },
  });
  return { token, userId: user.id, projectId: (await created.json()).data.id };
}

async function ingest(texts: string[], prefix: string, where: { channel?: number; rating?: number } = {}) {
  await ingestDocuments(
    ctx.deps,
    texts.map((content, i) => ({
      channel: where.channel ?? 2,
      platform: "news",
      externalId: `${prefix}-${i}`,
      url: `https://bao.vn/${prefix}-${i}`,
      mentionType: 0 as const,
      parentExternalId: null,
      title: null,
      content,
      publishedAt: new Date(ctx.deps.now().getTime() - (i + 1) * 3_600_000),
      source: { id: null, name: "Báo mạng", url: null },
      author: null,
      metrics: { likes: i, shares: 0, comments: 0, views: 10 },
      rating: where.rating ?? null,
      ecommerceSource: null,
      hashtags: [],
    })),
  );
}

const mentionsOf = (projectId: number) =>
  ctx.handle.db
    .selectFrom("mentions as m")
    .innerJoin("documents as d", "d.id", "m.document_id")
    .select(["m.document_id", "d.content", "m.sentiment", "m.sentiment_source", "m.sentiment_model"])
    .where("m.project_id", "=", projectId)
    .orderBy("m.document_id")
    .execute();

async function correct(account: Account, texts: string[], sentiment: number) {
  const ids = (await mentionsOf(account.projectId))
    .filter((m) => texts.includes(m.content) && m.sentiment !== sentiment)
    .map((m) => m.document_id);
  const res = await ctx.request("/api/mention/update", {
    method: "POST",
    token: account.token,
    json: { project_id: account.projectId, ids, sentiment },
  });
  expect(res.status).toBe(200);
  return ids.length;
}

// Plant closings, bad news the base reads as good; 50 brands, so that the corrections are 25 or more and a fifth is held back.
const SHUTDOWNS = [
  "Vinamilk",
  "Masan",
  "Hòa Phát",
  "Vietjet",
  "Bamboo Airways",
  "Sabeco",
  "Habeco",
  "PNJ",
  "Vincom",
  "Coteccons",
  "Novaland",
  "Viettel",
  "Tiki",
  "Sendo",
  "Trung Nguyên",
  "Kido",
  "Vissan",
  "Acecook",
  "Bibica",
  "Hapro",
  "Satra",
  "Sacombank",
  "Vinatex",
  "Petrolimex",
  "Vinacafe",
  "Thaco",
  "Hoa Sen",
  "Đạm Cà Mau",
  "Biti's",
  "Sơn Hà",
  "Điện Quang",
  "Rạng Đông",
  "Vinasoy",
  "Nutifood",
  "TH True Milk",
  "Dabaco",
  "Lộc Trời",
  "Đường Quảng Ngãi",
  "Bia Sài Gòn",
  "Cholimex",
  "Tân Hiệp Phát",
  "Duy Tân",
  "Thiên Long",
  "Vinafood",
  "Ajinomoto Việt Nam",
  "Unilever Việt Nam",
  "Kinh Đô",
  "Hảo Hảo",
  "Vĩnh Hoàn",
  "Minh Phú",
].map((brand, i) => `${brand} ngừng vận hành ${i + 3} nhà máy`);
// Store openings, good news; an account that follows the market reads them as neutral.
const OPENINGS = [
  "Highlands",
  "Phúc Long",
  "Katinat",
  "Cộng Cà Phê",
  "Family Mart",
  "GS25",
  "Ministop",
  "WinMart+",
  "Bách Hóa Xanh",
  "Pharmacity",
  "Long Châu",
  "An Khang",
  "FPT Shop",
  "CellphoneS",
  "Hoàng Hà Mobile",
  "Nguyễn Kim",
  "Điện Máy Xanh",
  "Guardian",
  "Watsons",
  "Hasaki",
].map((brand, i) => `${brand} khai trương ${i + 2} cửa hàng mới`);

let a: Account;
let b: Account;

beforeAll(async () => {
  ctx = await createTestContext({ config: loadConfig({ NODE_ENV: "test", TRUST_PROXY: "1", SENTIMENT_DATASETS_DIR: noDatasets }) });
  a = await accountWithProject(["trả mặt bằng", "Phở Thìn"]);
  b = await accountWithProject(["trả mặt bằng", "Phở Thìn"]);
  await ingest([...CLOSINGS, ...SIMILAR, ...UNRELATED], "retail");
});
afterAll(async () => {
  await ctx.close();
  rmSync(noDatasets, { recursive: true, force: true });
  rmSync(devFixture, { recursive: true, force: true });
});

test("an account's corrections promote an adaptation that changes its own reading of similar texts, and not another account's", async () => {
  expect(await correct(a, CLOSINGS, NEGATIVE)).toBeGreaterThanOrEqual(5);
  // A similar mention set by hand to something else stays as it was set.
  expect(await correct(a, [SIMILAR[1]], 0)).toBe(1);
  const otherBefore = await mentionsOf(b.projectId);

  const summary = await retrainAccount(ctx.deps, a.userId, ctx.deps.now());
  expect(summary).toMatchObject({ decision: "promoted", heldBack: 0, dev: {} });
  expect(summary.version).toMatch(new RegExp(`^${ctx.deps.sentimentBase().version}\\+[0-9a-f]{10}$`));

  const mine = await accountClassifier(ctx.deps, a.userId);
  const theirs = await accountClassifier(ctx.deps, b.userId);
  expect(mine.version).toBe(summary.version);
  expect(theirs.version).toBe(ctx.deps.sentimentBase().version);
  for (const text of SIMILAR) expect(mine(text).scores[NEGATIVE]).toBeGreaterThan(theirs(text).scores[NEGATIVE] + 0.1);
  for (const text of UNRELATED) expect(mine(text).label).toBe(theirs(text).label);

  const after = await mentionsOf(a.projectId);
  const similar = after.find((m) => m.content === SIMILAR[0])!;
  expect(similar).toMatchObject({ sentiment_source: "model", sentiment: mine(SIMILAR[0]).label, sentiment_model: summary.version });
  expect(after.find((m) => m.content === SIMILAR[1])).toMatchObject({
    sentiment_source: "manual",
    sentiment: 0,
    sentiment_model: ctx.deps.sentimentBase().version,
  });
  for (const m of after.filter((m) => m.sentiment_source === "manual" && CLOSINGS.includes(m.content))) expect(m.sentiment).toBe(NEGATIVE);
  expect(await mentionsOf(b.projectId)).toEqual(otherBefore);
  for (const account of [a, b]) {
    const { rollups, truth } = await rollupsAndTruth(ctx.handle.db, account.projectId);
    expect(rollups).toEqual(truth);
  }

  // A correction of a mention the adaptation read records that version.
  await correct(a, [SIMILAR[0]], 1);
  const recorded = await ctx.handle.db
    .selectFrom("sentiment_corrections")
    .select("model_version")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  expect(recorded.model_version).toBe(summary.version);
});

test("after a promotion, ingest reads the account's new mentions with its adaptation and other accounts' with the base", async () => {
  const text = "Bách Hóa Xanh trả mặt bằng 40 cửa hàng";
  await ingest([text], "later");
  const mine = await accountClassifier(ctx.deps, a.userId);
  expect(mine.version).not.toBe(ctx.deps.sentimentBase().version);
  expect((await mentionsOf(a.projectId)).find((m) => m.content === text)).toMatchObject({
    sentiment: mine(text).label,
    sentiment_model: mine.version,
  });
  expect((await mentionsOf(b.projectId)).find((m) => m.content === text)).toMatchObject({
    sentiment: ctx.deps.classify(text).label,
    sentiment_model: ctx.deps.sentimentBase().version,
  });
});

test("a candidate that makes a dev set worse is rejected with the reason, and the account's mentions stay as they were", async () => {
  const careless = await accountWithProject(["cắt giảm"]);
  await ingest(LAYOFFS, "layoffs");
  // A dev set the base reads right, in which layoffs are the bad news.
  mkdirSync(join(devFixture, "brand-news"));
  const dev = [
    ...["Eximbank cắt giảm nhân sự", "Sacombank cắt giảm nhân viên", "Vietjet cắt giảm nhân sự", "Masan cắt giảm nhân sự"].map((text) => ({
      text,
      label: 2,
    })),
    ...["Vinamilk lãi kỷ lục, cổ phiếu tăng mạnh", "Khách hàng rất hài lòng với dịch vụ của Viettel"].map((text) => ({ text, label: 1 })),
  ].filter(({ text, label }) => ctx.deps.classify(text).label === label);
  expect(dev.length).toBeGreaterThanOrEqual(4);
  writeFileSync(join(devFixture, "brand-news", "dev.jsonl"), dev.map((row) => JSON.stringify(row)).join("\n"));

  expect(await correct(careless, LAYOFFS, 1)).toBeGreaterThanOrEqual(5);
  const before = await mentionsOf(careless.projectId);
  const summary = await retrainAccount(ctx.deps, careless.userId, ctx.deps.now(), { datasetsDir: devFixture, l2: 0.1 });
  expect(summary.decision).toBe("rejected");
  expect(summary.reason).toMatch(/^brand-news macro-F1/);
  const stored = await ctx.handle.db
    .selectFrom("sentiment_adaptations")
    .select(["status", "metrics"])
    .where("account_id", "=", careless.userId)
    .executeTakeFirstOrThrow();
  expect(stored).toMatchObject({ status: "rejected", metrics: { reason: summary.reason } });
  expect(await mentionsOf(careless.projectId)).toEqual(before);
  expect((await accountClassifier(ctx.deps, careless.userId)).version).toBe(ctx.deps.sentimentBase().version);
});

test("a promoted adaptation is fitted again on all the corrections, the held-back ones included", async () => {
  const account = await accountWithProject(["ngừng vận hành"]);
  await ingest(SHUTDOWNS, "shutdowns");
  const corrected = await correct(account, SHUTDOWNS, NEGATIVE);
  expect(corrected).toBeGreaterThanOrEqual(25);

  const summary = await retrainAccount(ctx.deps, account.userId, ctx.deps.now());
  expect(summary).toMatchObject({ decision: "promoted", corrections: corrected, examples: corrected });
  expect(summary.heldBack).toBeGreaterThan(0);
  expect(summary.heldBackScores!.candidate.accuracy).toBeGreaterThanOrEqual(summary.heldBackScores!.base.accuracy);
  const stored = await ctx.handle.db
    .selectFrom("sentiment_adaptations")
    .select(["status", "version", "examples", "held_back", "weights", "metrics"])
    .where("account_id", "=", account.userId)
    .executeTakeFirstOrThrow();
  expect(stored).toMatchObject({ status: "promoted", version: summary.version, examples: corrected, held_back: summary.heldBack });
  // The gate judged the candidate fitted without the held-back corrections; its figures are kept under its version.
  expect(stored.metrics).toMatchObject({ heldBack: summary.heldBackScores, reason: summary.reason });
  expect((stored.metrics as { judged: string }).judged).not.toBe(summary.version);
  // Weights for the words of every corrected text: the held-back ones were trained on too.
  const texts = (await mentionsOf(account.projectId)).filter((m) => m.sentiment_source === "manual").map((m) => m.content);
  const features = new Set(texts.flatMap((text) => [...adaptationFeatures(text).keys()]));
  expect([...decodeAdaptation(stored.weights).hashes]).toEqual([...features].sort((x, y) => x - y));
  expect((await accountClassifier(ctx.deps, account.userId)).version).toBe(summary.version);
});

test("two retrainings of one account never run at once: the second is skipped and says so", async () => {
  const both = await Promise.all([0, 1].map(() => retrainAccount(ctx.deps, a.userId, ctx.deps.now())));
  expect(both.map((s) => s.decision).sort()).toEqual(["promoted", "skipped"]);
  expect(both.find((s) => s.decision === "skipped")).toMatchObject({
    reason: "another retraining of this account is running",
    version: null,
  });
  // Another account is not held up, and the lock is released once the retraining ends.
  const [again, other] = await Promise.all([
    retrainAccount(ctx.deps, a.userId, ctx.deps.now()),
    retrainAccount(ctx.deps, b.userId, ctx.deps.now()),
  ]);
  expect(again.decision).toBe("promoted");
  expect(other).toMatchObject({ decision: "skipped", reason: "fewer than 5 corrections" });
});

const sentimentCli = (...args: string[]) => findDbCommand("sentiment")!.run(ctx.deps, args, "");

test("`sentiment retrain --account <id>` retrains that account and prints one JSON line", async () => {
  const result = await sentimentCli("retrain", "--account", String(a.userId));
  expect(result).toMatchObject({ exitCode: 0, stderr: "" });
  const lines = result.stdout.trimEnd().split("\n");
  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0])).toMatchObject({ account: a.userId, decision: "promoted", corrections: expect.any(Number) });
});

test("`sentiment retrain` names an unknown account and fails; a malformed call prints the usage", async () => {
  const unknown = await sentimentCli("retrain", "--account", "987654");
  expect(unknown).toMatchObject({ exitCode: 1, stdout: "", stderr: "No account with id 987654.\n" });
  for (const args of [["retrain", "--account"], ["retrain", "--account", "x"], ["retrain", "--acount", "1"], ["train"]]) {
    const result = await sentimentCli(...args);
    expect(result.exitCode, args.join(" ")).toBe(2);
    expect(result.stderr).toMatch(/^Usage: sentiment retrain/);
  }
});

test("the nightly job retrains the accounts with at least 20 new corrections, and only once for them", async () => {
  const due = await accountWithProject(["khai trương"]);
  const notDue = await accountWithProject(["khai trương"]);
  await ingest(OPENINGS, "openings");
  expect(await correct(due, OPENINGS, 0)).toBe(20);
  expect(await correct(notDue, OPENINGS.slice(1), 0)).toBe(19);
  const adaptationsOf = (account: Account) =>
    ctx.handle.db.selectFrom("sentiment_adaptations").select("examples").where("account_id", "=", account.userId).execute();
  const before = await ctx.handle.db.selectFrom("sentiment_adaptations").select("id").execute();

  await retrainSentimentJob.handler(ctx.deps, {});
  expect(await adaptationsOf(due)).toEqual([{ examples: expect.any(Number) }]);
  expect(await adaptationsOf(notDue)).toEqual([]);
  // No other account of this file has 20 corrections newer than its last retraining.
  expect(await ctx.handle.db.selectFrom("sentiment_adaptations").select("id").execute()).toHaveLength(before.length + 1);

  await retrainSentimentJob.handler(ctx.deps, {});
  expect(await adaptationsOf(due)).toHaveLength(1);
  // One more correction makes 20 for the other account.
  expect(await correct(notDue, [OPENINGS[0]], 0)).toBe(1);
  await retrainSentimentJob.handler(ctx.deps, {});
  expect(await adaptationsOf(notDue)).toHaveLength(1);
});

test("a story corrected in one click is one example: its copies (either tone-mark placement) count once, with the newest label", async () => {
  const account = await accountWithProject(["thu hồi"]);
  const copy = (hoa: string) => `Sữa ${hoa} Lạc thu hồi lô sữa chua có mùi lạ`;
  const other = "Cửa hàng Hòa Lạc thu hồi bánh trung thu quá hạn";
  await ingest([copy("Hòa"), copy("Hòa"), copy("Hoà"), copy("HÒA"), other], "story-copies");
  const copies = [copy("Hòa"), copy("Hoà"), copy("HÒA")];
  // First all neutral (the other text may already read so), then all negative: five changes, two distinct texts.
  expect(await correct(account, [...copies, other], 0)).toBeGreaterThanOrEqual(4);
  expect(await correct(account, [...copies, other], NEGATIVE)).toBe(5);
  expect((await readCorrections(ctx.handle.db, account.userId)).map((c) => c.label)).toEqual([NEGATIVE, NEGATIVE]);
});

test("a correction is read with its document's channel, kind and stars, as a consumer's text is read", async () => {
  const account = await accountWithProject(["Phở Lý"]);
  const review = "Phở Lý nước dùng nhạt, phục vụ chậm";
  await ingest([review], "map-review", { channel: CHANNEL_ID["review-map"], rating: 2 });
  expect((await correct(account, [review], 0)) + (await correct(account, [review], NEGATIVE))).toBeGreaterThanOrEqual(1);
  expect(await readCorrections(ctx.handle.db, account.userId)).toEqual([
    expect.objectContaining({ text: review, label: NEGATIVE, context: { channel: CHANNEL_ID["review-map"], kind: "review", rating: 2 } }),
  ]);
});
