import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql, type Kysely } from "kysely";
import { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { userSession } from "../../bench/load/user-session.ts";
import { openDatabase, type DatabaseHandle } from "../../src/server/db/client.ts";
import type { Database } from "../../src/server/db/schema.ts";
import { startFixtureServer, type FixtureServer } from "../factories/collectors/fixture-server.ts";
import { rollupsAndTruth } from "../factories/rollup-check.ts";
import { createAccount } from "./helpers/accounts.ts";
import { finish, runEntry, startServer, startWorker, type RunningServer } from "./helpers/server.ts";
import { throwawayPostgres } from "./helpers/throwaway-postgres.ts";

// Issue 20, "Deliver 5": two web and two worker processes on one PostgreSQL database, reads and an ingest run at once,
// one worker killed in the middle of a collection round. Needs the PostgreSQL server CI provides.
const postgres = process.env.DATABASE_URL ? describe : describe.skip;

const HOUR = 3_600_000;
const BRAND = "Bia Sài Gòn";
const RIVAL = "Bia Hà Nội";

/** What a text names: the brand, the competitor, both or neither; every document's expected mentions follow from it. */
const NAMES = [[BRAND], [RIVAL], [BRAND, RIVAL], []] as const;
const PLACES = [
  "Quán nhậu đầu hẻm",
  "Tiệm tạp hóa gần trường",
  "Nhà hàng hải sản ở Vũng Tàu",
  "Siêu thị mini khu chung cư",
  "Quán cóc ven hồ",
  "Đám cưới em họ ở Long An",
  "Lễ hội ẩm thực Cần Thơ",
  "Buổi liên hoan cuối năm của công ty",
  "Chuyến đi Đà Lạt tuần trước",
  "Trận bóng tối qua ở sân vận động",
];
const DOINGS = [
  "chỉ bán",
  "đang giảm giá",
  "hết sạch",
  "tặng kèm đá lạnh với",
  "trưng bày thùng lớn",
  "bán theo lốc",
  "giao tận nhà",
  "có khuyến mãi bật nắp cho",
];
const AFTER = [
  "khách khen nức nở.",
  "ai cũng gọi thêm một chai.",
  "giá mềm mà dễ uống.",
  "mọi người chụp ảnh check-in.",
  "cả nhóm ngồi tới khuya.",
  "đá tan hết vì giao chậm.",
  "nhìn vỏ lon mới sang hơn hẳn.",
];
const WEATHER = [
  "Sáng nay trời Hà Nội se lạnh",
  "Chiều nay Sài Gòn mưa to",
  "Đường lên Sa Pa đã thông xe",
  "Giá xăng giảm nhẹ từ chiều nay",
];

/** A text of its own for every index, so that no document reads like a repeated spam post. */
const sentence = (names: readonly string[], i: number) =>
  names.length === 0
    ? `${WEATHER[i % WEATHER.length]}, ${AFTER[i % AFTER.length]}`
    : `${PLACES[i % PLACES.length]} ${DOINGS[Math.floor(i / 3) % DOINGS.length]} ${names.join(" và ")}, ${AFTER[Math.floor(i / 5) % AFTER.length]}`;

type Sent = { externalId: string; names: readonly string[] };

/** An ingest item (docs/api/ingest.md) of a Facebook post. */
function post(i: number, now: number) {
  const names = NAMES[i % NAMES.length];
  return {
    item: {
      channel: 1,
      external_id: `fb-${i}`,
      url: `https://facebook.com/hoi-yeu-bia/posts/${i}`,
      content: sentence(names, i),
      published_at: new Date(now - (1 + (i % 40)) * HOUR).toISOString(),
      source: { name: "Hội Yêu Bia", id: "hoi-yeu-bia" },
      author: { id: `fan-${i}`, name: `Người hâm mộ ${i}` },
      metrics: { likes: i % 5, shares: i % 3, comments: i % 4, views: 10 * i },
    },
    sent: { externalId: `fb-${i}`, names } satisfies Sent,
  };
}

/** An RSS 2.0 feed of news items, as the collectors' fixtures speak it. */
function feed(title: string, items: number[], now: number): string {
  const entries = items.map((i) => {
    const names = NAMES[i % NAMES.length];
    const link = `https://baomoi.example.vn/tin-${i}.html`;
    return `<item><title>Tin số ${i}</title><description><![CDATA[${sentence(names, i)}]]></description>
<pubDate>${new Date(now - (2 + (i % 30)) * HOUR).toUTCString()}</pubDate><link>${link}</link><guid>${link}</guid></item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${title}</title>
<link>https://baomoi.example.vn</link>${entries.join("\n")}</channel></rss>`;
}
const fedItem = (i: number): Sent => ({ externalId: `https://baomoi.example.vn/tin-${i}.html`, names: NAMES[i % NAMES.length] });

postgres("two web and two worker processes on one PostgreSQL database", () => {
  const databases = throwawayPostgres("scale");
  const now = Date.now();
  // Feed A is collected first; feed B is held open for the first worker that asks once the hold is armed, which is
  // killed while it waits.
  // B repeats ten items of A: a round started again after a crash delivers again what was already stored.
  const FEED_A = Array.from({ length: 40 }, (_, i) => i);
  const FEED_B = [...Array.from({ length: 40 }, (_, i) => 100 + i), ...FEED_A.slice(0, 10)];
  const fed = [...new Set([...FEED_A, ...FEED_B])].map(fedItem);

  let env: Record<string, string>;
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let rss: FixtureServer;
  let boss: PgBoss;
  const webs: RunningServer[] = [];
  const workers: RunningServer[] = [];
  /** Resolved with the worker tag of the first request for feed B, which stays unanswered until the test lets it go. */
  let heldB: { worker: string; release: () => void } | undefined;
  let onHeld: (worker: string) => void = () => {};
  const held = new Promise<string>((resolve) => (onHeld = resolve));
  /**
   * Armed just before the test's own round: a round the five-minute schedule started earlier would otherwise be the one
   * held, and by the time the test kills its worker it may have given up on feed B (the collectors' timeout) and ended.
   */
  let holdArmed = false;
  /** The closed loop of reads: every answer's status, and the loops themselves, stopped at the end whatever happened. */
  const statuses: { status: number; path: string; web: number }[] = [];
  let reading = true;
  let readers: Promise<void>[] = [];

  beforeAll(async () => {
    env = { DATABASE_URL: await databases.create(), LOG_LEVEL: "info" };
    rss = await startFixtureServer(async (request) => {
      const xml = { headers: { "content-type": "application/rss+xml; charset=utf-8" } };
      const worker = request.url.searchParams.get("worker") ?? "";
      if (request.url.pathname === "/feeds/a.rss") return { ...xml, body: feed("A", FEED_A, now) };
      if (request.url.pathname === "/feeds/b.rss") {
        if (holdArmed && !heldB) {
          await new Promise<void>((release) => {
            heldB = { worker, release };
            onHeld(worker);
          });
        }
        return { ...xml, body: feed("B", FEED_B, now) };
      }
      // Google News searches (by the projects' keywords) find nothing new.
      return { ...xml, body: feed("Google News", [], now) };
    });
    // The same two feeds for both workers; each worker's URLs carry its tag, so that the test knows who asked.
    const feedsFile = (worker: string) => {
      const file = join(mkdtempSync(join(tmpdir(), "nghe-feeds-")), `feeds-${worker}.json`);
      const entry = (id: string) => ({
        id: `bao-moi-${id}`,
        name: "Báo Mới",
        site: "baomoi.example.vn",
        url: `${rss.baseUrl}/feeds/${id}.rss?worker=${worker}`,
        channel: 2,
        enabled: true,
      });
      writeFileSync(file, JSON.stringify([entry("a"), entry("b")]));
      return file;
    };
    const workerEnv = (worker: string) => ({
      ...env,
      COLLECT: "on",
      NEWS_FEEDS_FILE: feedsFile(worker),
      GOOGLE_NEWS_URL: rss.baseUrl,
    });
    // Answers are kept for an hour unless their project changes: a web process that missed another's write would show it.
    const webEnv = { ...env, NGHE_ROLE: "web", FIGURE_CACHE_SECONDS: "3600" };
    // All four at once: they race to migrate the new database and to create pg-boss's schema.
    const starts = await Promise.allSettled([
      startServer(webEnv),
      startServer(webEnv),
      startWorker(workerEnv("1")),
      startWorker(workerEnv("2")),
    ]);
    // Whatever started is stopped at the end, even when another process failed to start.
    const started = starts.map((start) => (start.status === "fulfilled" ? start.value : undefined));
    webs.push(...started.slice(0, 2).filter((p) => p !== undefined));
    workers.push(...started.slice(2).filter((p) => p !== undefined));
    const failed = starts.find((start) => start.status === "rejected");
    if (failed) throw failed.reason;
    handle = await openDatabase({ url: env.DATABASE_URL });
    db = handle.db;
    boss = new PgBoss({ connectionString: env.DATABASE_URL, supervise: false, schedule: false, migrate: false });
    await boss.start();
  });

  afterAll(async () => {
    reading = false;
    await Promise.allSettled(readers);
    heldB?.release();
    await boss?.stop({ graceful: false });
    await Promise.all([...webs, ...workers].map((p) => p.stop()));
    await handle?.close();
    await rss?.close();
    await databases.dropAll();
  });

  test("reads, an ingest through both web processes and a collection with a worker killed mid-round: every document once, exact figures", async () => {
    const started = Date.now();
    // An account with its brand and one competitor, created through the first web process, and its ingest key.
    const { account, token } = await createAccount(webs[0].url, env);
    const created = await fetch(`${webs[1].url}/api/project`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ brand_id: 0, name: BRAND, keywords: [BRAND], competitors: [{ name: RIVAL, keywords: [RIVAL] }] }),
    });
    expect(created.status).toBe(200);
    const get = (web: RunningServer, path: string) => fetch(`${web.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const projects = (await (await get(webs[0], "/api/project/list-user-projects")).json()).data as { id: number; name: string }[];
    const projectOf = (name: string) => projects.find((p) => p.name === name)!.id;
    const keyed = await finish(runEntry("src/server/cli.ts", ["apikey", "create", account.username, "đối tác"], env));
    expect(keyed.code).toBe(0);
    const apiKey = (JSON.parse(keyed.stdout.split("\n")[0]) as { key: string }).key;

    // A closed loop of dashboard and mention-list reads, alternating between the two web processes, until the end.
    const paths = userSession({ token, projectId: projectOf(BRAND), competitorIds: [projectOf(RIVAL)] }, 600).steps.flatMap((s) =>
      s.path ? [s.path] : [],
    );
    const reader = async (offset: number) => {
      for (let i = offset; reading; i += 2) {
        const web = i % 2;
        const res = await get(webs[web], paths[i % paths.length]);
        await res.arrayBuffer();
        statuses.push({ status: res.status, path: paths[i % paths.length], web });
      }
    };
    readers = [reader(0), reader(1)];
    await expect.poll(() => statuses.length).toBeGreaterThan(10);

    // Both web processes have answered (and cached) the figures checked at the end, before the ingest. A scheduled round
    // may already have stored feed A, so they need not be zero; the ingest adds to them, so the end's figures differ.
    const figures = (projectId: number) => [
      `/api/dashboard/stats?type_time=month&project_id=${projectId}`,
      `/api/mention/stats?type_time=month&project_id=${projectId}`,
      `/api/mention/index?type_time=month&project_id=${projectId}`,
    ];
    const read = async (web: RunningServer, path: string) => {
      const res = await get(web, path);
      expect(res.status).toBe(200);
      return (await res.json()).data;
    };
    const primed = new Map<string, number>();
    for (const web of webs) {
      for (const name of [BRAND, RIVAL]) {
        const [stats, listStats, page] = await Promise.all(figures(projectOf(name)).map((path) => read(web, path)));
        primed.set(name, Math.max(primed.get(name) ?? 0, stats.total_mention, listStats.total_mention, page.total));
      }
    }

    // Both workers schedule the every-minute jobs: wait for one occurrence to have run while both are up.
    await expect.poll(() => countJobs(db, "send-reports", "completed"), { timeout: 150_000 }).toBeGreaterThan(0);

    // The ingest: a batch sent to both web processes at once (the same documents), and one batch of its own to each.
    const ingest = (web: RunningServer, items: unknown[]) =>
      fetch(`${web.url}/api/ingest`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": apiKey },
        body: JSON.stringify({ documents: items }),
      });
    const shared = Array.from({ length: 60 }, (_, i) => post(i, now));
    const own = [Array.from({ length: 30 }, (_, i) => post(100 + i, now)), Array.from({ length: 30 }, (_, i) => post(200 + i, now))];
    const sent = [...shared, ...own.flat()].map((p) => p.sent);
    const readsBeforeIngest = statuses.length;

    // A collection round goes to whichever worker claims the job first; it stores feed A, then waits on feed B. That
    // worker is killed there, mid-round, without a chance to clean up, while the ingest below is under way.
    // Every source is made due again, whatever an earlier scheduled round collected.
    await expect.poll(() => countJobs(db, "collect-sources", "active"), { timeout: 150_000 }).toBe(0);
    holdArmed = true;
    await sql`update collector_states set last_run_at = null`.execute(db);
    await boss.send("collect-sources", {});
    const killing = held.then(async (tag) => {
      const victim = Number(tag) - 1;
      const active = await sql<{ id: string }>`select id from pgboss.job where name = 'collect-sources' and state = 'active'`.execute(db);
      workers[victim].child.kill("SIGKILL");
      await new Promise((resolve) => workers[victim].child.once("exit", resolve));
      heldB!.release();
      return { victim, killedJobs: active.rows.map((r) => r.id) };
    });
    const batches: [RunningServer, typeof shared][] = [
      [webs[0], shared],
      [webs[1], shared],
      [webs[0], own[0]],
      [webs[1], own[1]],
    ];
    const answers = await Promise.all(
      batches.map(([web, batch]) =>
        ingest(
          web,
          batch.map((p) => p.item),
        ),
      ),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    const results = (await Promise.all(answers.map((a) => a.json()))).map((body) => body.data as { inserted: number; rejected: unknown[] });
    for (const result of results) expect(result.rejected).toEqual([]);
    // The shared batch is inserted once in all: by one process, or split between the two.
    expect(results.reduce((sum, r) => sum + r.inserted, 0)).toBe(sent.length);
    expect(statuses.length).toBeGreaterThan(readsBeforeIngest);

    const { victim, killedJobs } = await killing;
    const survivor = 1 - victim;
    // Feed A had been collected (and its state saved) before the victim asked for feed B: by the victim's round, or by
    // a round the five-minute schedule had just started on the other worker (a source is skipped until its interval
    // has passed), so both rounds may have been active then.
    const asked = rss.requests.map((r) => `${r.url.pathname}?worker=${r.url.searchParams.get("worker")}`);
    const askedB = asked.indexOf(`/feeds/b.rss?worker=${victim + 1}`);
    const firstA = asked.findIndex((request) => request.startsWith("/feeds/a.rss"));
    expect(askedB).toBeGreaterThanOrEqual(0);
    expect(firstA).toBeGreaterThanOrEqual(0);
    expect(firstA).toBeLessThan(askedB);
    // The killed round's job stays active until pg-boss's expiry (15 minutes by default) gives it back: docs/scale.md.
    expect(killedJobs.length).toBeGreaterThanOrEqual(1);

    // The next round (the five-minute schedule's, sent now rather than waited for) runs on the surviving worker.
    const next = await boss.send("collect-sources", {});
    await expect.poll(() => jobState(db, next!), { timeout: 120_000 }).toBe("completed");
    const fetchedB = rss.requests.filter((r) => r.url.pathname === "/feeds/b.rss").map((r) => r.url.searchParams.get("worker"));
    expect(fetchedB).toContain(String(survivor + 1));

    reading = false;
    await Promise.all(readers);

    // Every sent and every fed document is stored once.
    const stored = await sql<{ external_id: string; copies: number }>`
      select external_id, count(*)::int as copies from documents where external_id = any(${[...sent, ...fed].map((d) => d.externalId)})
      group by external_id`.execute(db);
    expect(stored.rows.length).toBe(sent.length + fed.length);
    expect(stored.rows.filter((r) => r.copies !== 1)).toEqual([]);
    const dedupTwice = await sql`select dedup_key from documents group by dedup_key, coalesce(account_id, 0) having count(*) > 1`.execute(
      db,
    );
    expect(dedupTwice.rows).toEqual([]);

    // One mention per project and document, and exactly the documents that name the project's keyword.
    const twice = await sql`select project_id, document_id from mentions group by 1, 2 having count(*) > 1`.execute(db);
    expect(twice.rows).toEqual([]);
    for (const name of [BRAND, RIVAL]) {
      const mentions = await db
        .selectFrom("mentions")
        .select(db.fn.countAll<string>().as("n"))
        .where("project_id", "=", projectOf(name))
        .executeTakeFirstOrThrow();
      expect(Number(mentions.n)).toBe([...sent, ...fed].filter((d) => d.names.includes(name)).length);
    }

    // The hourly rollups equal the counters computed from the mentions, and so do both web processes' answers at once.
    for (const name of [BRAND, RIVAL]) {
      const projectId = projectOf(name);
      const { rollups, truth } = await rollupsAndTruth(db, projectId);
      expect(rollups).toEqual(truth);
      const expected = await shownCounters(db, projectId);
      expect(expected.total_mention).toBeGreaterThan(primed.get(name)!);
      for (const web of webs) {
        const [stats, listStats, page] = await Promise.all(figures(projectId).map((path) => read(web, path)));
        expect(pickCounters(stats)).toEqual(expected);
        expect(listStats.total_mention).toBe(expected.total_mention);
        expect(page.total).toBe(expected.total_mention);
      }
    }

    // Both workers run pg-boss's scheduler, yet every scheduled minute of every job was sent once (pg-boss files an
    // occurrence as a `__pgboss__send-it` job keyed by schedule and minute), and became at most one job of its queue.
    const doubled = await sql`
      select name, singleton_key, singleton_on from pgboss.job where singleton_on is not null group by 1, 2, 3 having count(*) > 1`.execute(
      db,
    );
    expect(doubled.rows).toEqual([]);
    const perQueue = await sql<{ queue: string; occurrences: number; jobs: number }>`
      select o.queue, o.occurrences, (select count(*)::int from pgboss.job j where j.name = o.queue) as jobs
      from (select split_part(singleton_key, '__', 1) as queue, count(*)::int as occurrences from pgboss.job
            where name = '__pgboss__send-it' group by 1) o`.execute(db);
    expect(perQueue.rows.map((r) => r.queue)).toContain("send-reports");
    // The two collection rounds this test sent are jobs without an occurrence.
    const sentHere = (queue: string) => (queue === "collect-sources" ? 2 : 0);
    expect(perQueue.rows.filter((r) => r.jobs > r.occurrences + sentHere(r.queue))).toEqual([]);

    // No request failed on the server side, and both web processes (and the surviving worker) are still up.
    expect(statuses.filter((s) => s.status >= 500)).toEqual([]);
    expect(statuses.filter((s) => s.status !== 200).slice(0, 5)).toEqual([]);
    for (const web of webs) expect((await fetch(`${web.url}/api/health`)).status).toBe(200);
    for (const running of [...webs, workers[survivor]]) expect(running.child.exitCode).toBeNull();
    // An error-level line or an unhandled failure; a source's own report ("error rate_limited", when both workers poll
    // Google News within its minute) is an INFO line.
    for (const running of [...webs, workers[survivor]]) expect(running.output()).not.toMatch(/^\S+ ERROR |Unhandled|uncaught/im);
    console.log(
      `scale-out: ${statuses.length} reads (${readsBeforeIngest} before the ingest), ${sent.length} sent and ${fed.length} fed documents, ${Math.round((Date.now() - started) / 1000)} s`,
    );
  }, 300_000);
});

async function countJobs(db: Kysely<Database>, name: string, state: string): Promise<number> {
  const rows = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = ${name} and state = ${state}`.execute(db);
  return rows.rows[0].n;
}

async function jobState(db: Kysely<Database>, id: string): Promise<string | undefined> {
  const rows = await sql<{ state: string }>`select state from pgboss.job where id = ${id}`.execute(db);
  return rows.rows[0]?.state;
}

const COUNTERS = ["total_mention", "total_post", "total_view", "total_comment", "total_like", "total_share", "total_comment_post"] as const;
const pickCounters = (data: Record<string, number>) => Object.fromEntries(COUNTERS.map((k) => [k, data[k]]));

/** The dashboard's counters of a project straight from its mentions: a trial account sees no noise. */
async function shownCounters(db: Kysely<Database>, projectId: number) {
  const row = await sql<Record<string, number>>`
    select count(*)::int as total_mention, count(*) filter (where m.mention_type = 0)::int as total_post,
           coalesce(sum(d.views), 0)::int as total_view, coalesce(sum(d.comments), 0)::int as total_comment,
           coalesce(sum(d.likes), 0)::int as total_like, coalesce(sum(d.shares), 0)::int as total_share,
           count(*) filter (where m.mention_type in (1, 2))::int as total_comment_post
    from mentions m join documents d on d.id = m.document_id where m.project_id = ${projectId} and not m.is_noise`.execute(db);
  return pickCounters(row.rows[0]);
}
