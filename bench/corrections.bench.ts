import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../src/server/config.ts";
import { openDatabase } from "../src/server/db/client.ts";
import { migrate } from "../src/server/db/migrate.ts";
import { seededRandom } from "../src/shared/seeded-random.ts";
import { createDeps } from "../src/server/deps.ts";
import { createLogger } from "../src/server/log.ts";
import { type BaseModel, committedBaseModel, loadBaseModel } from "../src/server/nlp/sentiment/base-model.ts";
import type { SentimentLabel } from "../src/server/nlp/sentiment/classify.ts";
import { scoreLabels } from "../src/server/nlp/sentiment/score.ts";
import { accountClassifier } from "../src/server/services/sentiment/account-classifier.ts";
import { retrainAccount } from "../src/server/services/retraining/retrain-account.ts";

// The correction loop through the real retraining service on an embedded database: at each step users correct
// account texts the account's current model reads wrong, up to N corrections in all, the service retrains (and gates on
// every dev set), and the scored rows are read with the account's active model.
//
// With `--base <path>` (or SENTIMENT_BENCH_BASE), the loop the issue asks for: the base is the model file at <path>,
// trained without some brand-news train rows (`npm run train:sentiment -- --hold-out 400 --out <path>`), those rows
// (their 0-based line numbers in <path>.held-out.json) are the account's texts, and all of brand-news dev is scored.
// Without it the base is the committed model, which has seen every brand-news train row: the same rows are then read
// nearly all right already, so the loop also runs on texts it has never seen, half of brand-news dev as the account's
// texts and the other half scored.
const STEPS = [0, 50, 100, 200, 400];
const HELD = 400;

type Row = { text: string; label: SentimentLabel };
const readRows = (path: string): Row[] =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Row);

function basePath(): string | undefined {
  const at = process.argv.indexOf("--base");
  return at > 0 ? process.argv[at + 1] : process.env.SENTIMENT_BENCH_BASE || undefined;
}

export default async function run() {
  const config = loadConfig({});
  const dir = join(config.sentimentDatasetsDir, "brand-news");
  const train = readRows(join(dir, "train.jsonl"));
  const dev = readRows(join(dir, "dev.jsonl"));
  const path = basePath();
  if (path) {
    const held = JSON.parse(readFileSync(`${path}.held-out.json`, "utf8")) as number[];
    await simulate(config, loadBaseModel(path), `the ${held.length} held-back train rows as corrections, brand-news dev scored`, {
      pool: held.map((i) => train[i]),
      scored: dev,
    });
    return;
  }
  console.log("No --base <path> (or SENTIMENT_BENCH_BASE): the committed model is the base, trained on every brand-news train row.");
  const random = seededRandom(14);
  const shuffled = (rows: Row[]) =>
    rows
      .map((row) => ({ row, key: random.next() }))
      .sort((a, b) => a.key - b.key)
      .map((o) => o.row);
  const base = committedBaseModel();
  await simulate(config, base, "400 train rows (seeded) as corrections, brand-news dev scored", {
    pool: shuffled(train).slice(0, HELD),
    scored: dev,
  });
  const split = shuffled(dev);
  const half = split.length / 2;
  await simulate(config, base, "half of brand-news dev as corrections, the other half scored", {
    pool: split.slice(0, half),
    scored: split.slice(half),
  });
}

async function simulate(
  config: ReturnType<typeof loadConfig>,
  base: BaseModel,
  title: string,
  { pool, scored }: { pool: Row[]; scored: Row[] },
) {
  console.log(`\n### ${title}`);
  const handle = await openDatabase({ memory: true });
  await migrate(handle.db);
  const deps = createDeps(config, handle, { log: createLogger("error"), sentimentBase: () => base });
  const now = new Date();
  const { id: userId } = await handle.db
    .insertInto("users")
    .values({
      username: "bench",
      full_name: "Bench",
      phone: "0900000014",
      company: "Bench",
      email: "bench@nghe.vn",
      password_hash: "-",
      verified_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id: projectId } = await handle.db
    .insertInto("projects")
    .values({
      user_id: userId,
      parent_id: null,
      brand_id: 0,
      name: "Bench",
      keywords: ["bench"],
      color: "#7DD3FC",
      position: 0,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  console.log(
    `base ${base.version}: it reads ${pool.filter((r) => base.model.classify(r.text).label !== r.label).length} of the ${pool.length} account texts wrong`,
  );
  console.log(
    "| N | corrections | trained | held back | L2 | decision | scored macro-F1 | accuracy | dev sets in the gate (macro-F1 change) |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  const corrected = new Set<number>();
  for (const n of STEPS) {
    const current = await accountClassifier(deps, userId);
    // Rows shaped as recordCorrections stores them (one per corrected mention).
    const fresh = pool
      .map((row, i) => ({ row, i }))
      .filter(({ row, i }) => !corrected.has(i) && current(row.text).label !== row.label)
      .slice(0, n - corrected.size);
    for (const { row, i } of fresh) {
      corrected.add(i);
      await handle.db
        .insertInto("sentiment_corrections")
        .values({
          project_id: projectId,
          user_id: userId,
          document_id: i + 1,
          edit_id: i + 1,
          text: row.text,
          label: row.label,
          model_label: current(row.text).label,
          model_version: current.version,
          source: "mention",
          created_at: now,
        })
        .execute();
    }
    const summary = n === 0 ? null : await retrainAccount(deps, userId, now);
    const active = await accountClassifier(deps, userId);
    const s = scoreLabels(
      scored.map((r) => r.label),
      scored.map((r) => active(r.text).label),
    );
    const gate = Object.entries(summary?.dev ?? {})
      .map(([name, d]) => `${name} ${(d.candidate.macroF1 - d.base.macroF1).toFixed(2)}`)
      .join(", ");
    console.log(
      `| ${n} | ${corrected.size} | ${summary?.examples ?? 0} | ${summary?.heldBack ?? 0} | ${summary?.l2 ?? "-"} | ${summary ? `${summary.decision}${summary.decision === "promoted" ? "" : `: ${summary.reason}`}` : "base"} | ${s.macroF1.toFixed(2)} | ${s.accuracy.toFixed(2)} | ${gate || "-"} |`,
    );
  }
  await handle.close();
}
