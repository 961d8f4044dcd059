import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { loadConfig } from "../src/server/config.ts";
import { openDatabase, type DatabaseHandle } from "../src/server/db/client.ts";
import { migrate } from "../src/server/db/migrate.ts";
import { createDeps } from "../src/server/deps.ts";
import { createLogger } from "../src/server/log.ts";
import { rematchRules } from "../src/server/services/ingest/index.ts";
import { ensureMentionMonths } from "../src/server/services/maintenance/index.ts";
import { withThrowawayPostgres } from "./throwaway-postgres.ts";

// Issue 38: a brand's history read again under a new exclusion, batch by batch as the rematch-rules job does.
// MENTIONS of one brand over 30 days, one in ten naming the excluded phrase; the figure is mentions read a second.
const MENTIONS = Number(process.env.REMATCH_MENTIONS ?? 200_000);

async function seed(handle: DatabaseHandle, now: Date): Promise<number> {
  const { id: userId } = await handle.db
    .insertInto("users")
    .values({
      username: "rematch",
      full_name: "Bench",
      phone: "0900000000",
      company: "Bench",
      email: "rematch@nghe.vn",
      password_hash: "-",
      verified_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id } = await handle.db
    .insertInto("projects")
    .values({
      user_id: userId,
      parent_id: null,
      brand_id: 0,
      name: "Sữa Mộc Lan",
      keywords: ["Sữa Mộc Lan"],
      exclude_keywords: ["tuyển dụng"],
      color: "#7DD3FC",
      position: 0,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const since = new Date(now.getTime() - 30 * 86_400_000);
  await ensureMentionMonths(handle.db, [since, now]);
  const content = sql`case when n % 10 = 0 then 'Sữa Mộc Lan tuyển dụng nhân viên kinh doanh tại Hà Nội, bài ' || n
    else 'Sữa Mộc Lan ít đường, con mình uống rất hợp, mua ở siêu thị gần nhà, bài ' || n end`;
  const at = sql`${since}::timestamptz + (n * interval '1 second' * ${Math.floor((30 * 86_400) / MENTIONS)})`;
  await sql`insert into documents (dedup_key, channel, platform, url, mention_type, content, search_text, published_at,
      collected_at, updated_at, source_name, likes, shares, comments, views, hashtags, sentiment, sentiment_scores,
      noise_score, noise_reasons)
    select 'bench:' || n, 1, 'facebook', 'https://facebook.com/' || n, 1, ${content}, lower(${content}), ${at}, ${at}, ${at},
      'Hội mẹ bỉm', 1, 0, 0, 0, '{}', 0, '{1,0,0}', 0, '{}'
    from generate_series(1, ${MENTIONS}) as n`.execute(handle.db);
  await sql`insert into mentions (project_id, document_id, published_at, channel, mention_type, sentiment, is_noise,
      matched_keywords, created_at, updated_at)
    select ${id}, d.id, d.published_at, 1, 1, 0, false, '{sua moc lan}', ${now}, ${now} from documents d`.execute(handle.db);
  await handle.db.insertInto("rule_rematches").values({ project_id: id, total: MENTIONS, requested_at: now }).execute();
  return id;
}

async function run(label: string, handle: DatabaseHandle): Promise<void> {
  try {
    await migrate(handle.db);
    const now = new Date();
    const projectId = await seed(handle, now);
    const deps = createDeps(loadConfig({}), handle, { log: createLogger("error") });
    const started = performance.now();
    let rounds = 0;
    while (await handle.db.selectFrom("rule_rematches").select("project_id").executeTakeFirst()) {
      await rematchRules(deps);
      rounds += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    const left = await handle.db
      .selectFrom("mentions")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("project_id", "=", projectId)
      .executeTakeFirstOrThrow();
    const perSecond = MENTIONS / seconds;
    console.log(
      `${label.padEnd(10)} ${MENTIONS} mentions read again in ${seconds.toFixed(1)} s (${rounds} job rounds) = ${Math.round(perSecond)} mentions/s; ${MENTIONS - Number(left.n)} taken out; 1,000,000 would take ${(1_000_000 / perSecond / 60).toFixed(1)} min`,
    );
  } finally {
    await handle.close();
  }
}

/** PGlite in memory, and PostgreSQL on a throwaway database when DATABASE_URL names a server. */
export default async function rematchBench() {
  await run("PGlite", await openDatabase({ memory: true }));
  await withThrowawayPostgres((handle) => run("PostgreSQL", handle));
}
