import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { createApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { openDatabase, type DatabaseHandle } from "../src/server/db/client.ts";
import { migrate } from "../src/server/db/migrate.ts";
import { withThrowawayPostgres } from "./throwaway-postgres.ts";
import { createDeps } from "../src/server/deps.ts";
import { createLogger } from "../src/server/log.ts";
import { createSession } from "../src/server/services/auth/sessions.ts";
import { JOB_CATEGORIES } from "../src/shared/audience.ts";
import { PROVINCES } from "../src/shared/provinces.ts";

// Dashboard speed at scale: mentions of one project over 90 days generated straight in SQL (the pipeline's own speed
// is the ingest bench), then p50/p95 of every overview endpoint, the mention index, and a 100,000-row export.
const RUNS = 40;
const JOBS = JOB_CATEGORIES.filter((job) => job !== "unknown");
const WORDS = ["ngon", "giao hàng", "giá tốt", "thất vọng", "khuyến mãi", "chất lượng", "cửa hàng", "đóng gói", "dịch vụ", "sữa tươi"];

export async function generate(handle: DatabaseHandle, mentions: number) {
  const { db } = handle;
  const now = new Date();
  const user = await db
    .insertInto("users")
    .values({
      username: "bench",
      full_name: "Bench",
      phone: "0900000009",
      company: "Bench",
      email: "bench@nghe.vn",
      password_hash: "-",
      account_type: 1,
      verified_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const project = await db
    .insertInto("projects")
    .values({
      user_id: user.id,
      parent_id: null,
      brand_id: 0,
      name: "Bench",
      keywords: ["Mộc Lan"],
      color: "#7DD3FC",
      position: 0,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const words = sql.val(WORDS);
  // Authors: one per platform identity, so author k posts on channel 1 + k % 15 only; about 3 mentions each a month.
  const authors = Math.round(mentions / 10 / 15) * 15;
  await sql`insert into authors (platform, author_key, name, followers, age_range, job, job_category, province, profile_at, first_seen_at, last_seen_at)
    select 'bench', 'id:' || k, 'Tác giả ' || k, case when k % 10 <> 0 then (k * 37) % 50000 end,
      case when k % 4 <> 0 then (array['13-17', '18-24', '25-34', '35-44', '45-54', '55+'])[1 + (k / 4) % 6] end,
      case when k % 3 <> 0 then 'Nghề ' || k % 13 end, case when k % 3 <> 0 then (${sql.val(JOBS)}::text[])[1 + k % ${JOBS.length}] end,
      case when k % 5 <> 0 then (${sql.val(PROVINCES.map((p) => p.code))}::text[])[1 + (k / 5) % 34] end, now(), now(), now()
    from generate_series(0, ${authors - 1}::bigint) k`.execute(db);
  const firstAuthor = sql`(select min(id) from authors)`;
  for (let from = 1; from <= mentions; from += 100_000) {
    const to = Math.min(mentions, from + 99_999);
    await sql`insert into documents (dedup_key, channel, platform, url, mention_type, content, search_text, published_at, collected_at, updated_at,
        source_name, author_name, author_ref, likes, shares, comments, views, rating, sentiment, sentiment_scores, noise_score)
      -- Channel, type, sentiment and noise come from different digits of g (mixed radix), so every combination occurs.
      -- Publication times rise with g: collectors store what they find as it appears, so rows lie in time order.
      select 'bench:' || g, 1 + g % 15, 'bench', 'https://bench.nghe.vn/' || g, (g / 15) % 3,
        'Mộc Lan ' || (${words}::text[])[1 + (g * 31) % 10] || ' ' || (${words}::text[])[1 + (g * 37) % 10] || ' ' || g,
        'moc lan ' || unaccent((${words}::text[])[1 + (g * 31) % 10]) || ' ' || g || ' tac gia ' || ((g * 17) % 5000),
        now() - ((${mentions}::bigint - g) * 7776000.0 / ${mentions}::bigint)::float8 * interval '1 second', now(), now(),
        'Nguồn ' || ((g * 13) % 200), 'Tác giả ' || ((g * 17) % 5000), ${firstAuthor} + ((g * 7919) % ${authors / 15}) * 15 + g % 15, (g * 7877) % 300, (g * 3) % 13, (g * 11) % 41, (g * 29) % 5000,
        case when g % 15 in (7, 9, 13) then 1 + (g * 5) % 5 end, (g / 45) % 3, array[0.3, 0.4, 0.3]::real[],
        case when (g / 135) % 20 = 0 then 0.8 else 0 end
      from generate_series(${from}::bigint, ${to}::bigint) g`.execute(db);
  }
  // The months' partitions first, as the ingest makes them (migration 0024).
  await sql`select ensure_mention_partitions(array(select distinct published_at from documents))`.execute(db);
  await sql`insert into mentions (project_id, document_id, published_at, channel, mention_type, sentiment, is_noise, matched_keywords, created_at, updated_at, interactions,
      likes, shares, comments, views, search_terms)
    select ${project.id}, id, published_at, channel, mention_type, sentiment, noise_score >= 0.5, array['moc lan'], now(), now(), likes + shares + comments,
      likes, shares, comments, views, mention_search_terms(${project.id}, published_at, search_text) from documents`.execute(db);
  await sql`insert into mention_rollups_hourly
    select m.project_id, date_trunc('hour', m.published_at), m.channel, m.sentiment, m.is_noise, count(*), count(*) filter (where m.mention_type = 0),
      count(*) filter (where m.mention_type in (1, 2)), sum(d.likes), sum(d.shares), sum(d.comments), sum(d.views)
    from mentions m join documents d on d.id = m.document_id group by 1, 2, 3, 4, 5`.execute(db);
  await sql`insert into mention_sources_daily
    select m.project_id, date_trunc('day', m.published_at + interval '7 hours') - interval '7 hours', m.channel, m.sentiment, m.is_noise, d.source_name,
      count(*), sum(m.interactions)
    from mentions m join documents d on d.id = m.document_id group by 1, 2, 3, 4, 5, 6`.execute(db);
  // Each author's row per channel and over all channels (channel 0); the audience counts follow by trigger.
  await sql`insert into audience_monthly (project_id, sample, month, channel, author_id, mentions, positive, neutral, negative, interactions, followers, age_range, job, province, first_month, channels)
    with s as (
      select m.project_id, (date_trunc('month', (m.published_at at time zone 'UTC') + interval '7 hours') - interval '7 hours') at time zone 'UTC' as month,
        m.channel, d.author_ref, m.sentiment, m.interactions
      from mentions m join documents d on d.id = m.document_id
    )
    select x.project_id, false, x.month, coalesce(x.channel, 0), a.id, x.mentions, x.positive, x.neutral, x.negative, x.interactions,
      a.followers, a.age_range, a.job_category, a.province, f.first, x.channels
    from (
      select project_id, month, channel, author_ref, count(*) as mentions, count(*) filter (where sentiment = 1) as positive,
        count(*) filter (where sentiment = 0) as neutral, count(*) filter (where sentiment = 2) as negative, sum(interactions) as interactions,
        count(distinct channel) as channels
      from s group by grouping sets ((project_id, month, channel, author_ref), (project_id, month, author_ref))
    ) x
    join (select project_id, author_ref, min(month) as first from s group by 1, 2) f on f.project_id = x.project_id and f.author_ref = x.author_ref
    join authors a on a.id = x.author_ref`.execute(db);
  await sql`vacuum analyze`.execute(db);
  return { userId: user.id, projectId: project.id };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function run(label: string, handle: DatabaseHandle, mentions: number) {
  try {
    await migrate(handle.db);
    const started = performance.now();
    const { userId, projectId } = await generate(handle, mentions);
    console.log(`${label}: ${mentions.toLocaleString("en")} mentions generated in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    // The figure cache off: each run computes, which is what this bench measures (the load bench measures the cache).
    const deps = createDeps(loadConfig({ FIGURE_CACHE_SECONDS: "0" }), handle, { log: createLogger("error") });
    const app = createApp(deps);
    const { access_token } = await createSession(handle.db, userId, new Date());
    const time = async (path: string) => {
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const t = performance.now();
        const res = await app.request(path, { headers: { authorization: `Bearer ${access_token}` } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
        samples.push(performance.now() - t);
      }
      samples.sort((a, b) => a - b);
      console.log(
        `  ${path.padEnd(95)} p50 ${percentile(samples, 50).toFixed(0).padStart(5)} ms  p95 ${percentile(samples, 95).toFixed(0).padStart(5)} ms`,
      );
    };
    const period = `project_id=${projectId}&type_time=month`;
    for (const name of [
      "stats",
      "trend-discuss",
      "trend-sentiment",
      "number-mention",
      "sentiment-by-projects",
      "top-words",
      "top-mention",
      "mention-latest",
      "hot-mention",
      "get-data-dashboard",
    ]) {
      await time(`/api/dashboard/${name}?${period}`);
    }
    await time(`/api/mention/index?${period}`);
    await time(`/api/mention/index?${period}&search=giao%20hang`);
    await time(`/api/mention/index?${period}&search=t%C3%A1c%20gi%E1%BA%A3%201234`);
    await time(`/api/mention/index?${period}&channel_ids=1,5,7&sentiment_ids=2&mention_type=0`);
    // A whole month of authors (last month), this month so far, and a few channels.
    for (const name of [
      "get-count-user",
      "stats",
      "index-by-provinces",
      "index-by-areas",
      "index-by-job",
      "index-by-age-channel",
      "index-by-age-project",
      "get-top-user",
    ]) {
      await time(`/api/audience/${name}?project_id=${projectId}&type_time=last-month`);
    }
    await time(`/api/audience/get-count-user?project_id=${projectId}&type_time=this-month`);
    await time(`/api/audience/get-top-user?project_id=${projectId}&type_time=last-month&sort=followers`);
    await time(`/api/audience/index-by-provinces?project_id=${projectId}&type_time=last-month&channel_ids=1,5,7`);

    // About 100,000 rows: the last 9 days of 90 (today included, so a little more).
    const days = `type_time=custom&start_date=${new Date(Date.now() - 8 * 86_400_000).toISOString().slice(0, 10)}&end_date=${new Date().toISOString().slice(0, 10)}`;
    const headers = { authorization: `Bearer ${access_token}` };
    const { data: list } = (await (await app.request(`/api/mention/index?project_id=${projectId}&${days}`, { headers })).json()) as {
      data: { total: number };
    };
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const t = performance.now();
    const res = await app.request(`/api/mention/export-excel?project_id=${projectId}&${days}`, { headers });
    const bytes = (await res.arrayBuffer()).byteLength;
    clearInterval(sampler);
    if (res.status !== 200) throw new Error(`export answered ${res.status}`);
    console.log(
      `  export of ${list.total.toLocaleString("en")} rows: ${((performance.now() - t) / 1000).toFixed(1)} s, ${(bytes / 1e6).toFixed(1)} MB file, peak RSS ${(peak / 1e6).toFixed(0)} MB (+${((peak - before) / 1e6).toFixed(0)} MB)`,
    );
  } finally {
    await handle.close();
  }
}

/**
 * PostgreSQL with 1,000,000 mentions when DATABASE_URL names a server, then PGlite with 200,000. PostgreSQL goes first:
 * PGlite's memory stays with the process, which would inflate the export's peak RSS and slow later work.
 */
export default async function dashboardBench() {
  await withThrowawayPostgres((handle) => run("PostgreSQL", handle, 1_000_000));
  await run("PGlite", await openDatabase({ memory: true }), 200_000);
}
