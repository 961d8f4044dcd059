import { resolve } from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { createDeps } from "./deps.ts";
import { createLogger } from "./log.ts";
import { seedOnFirstStart } from "./services/demo/index.ts";
import { collectSourcesJob } from "./jobs/collect-sources.ts";
import { runBackfillsJob } from "./jobs/run-backfills.ts";
import { rematchRulesJob } from "./jobs/rematch-rules.ts";
import { backfillConnectionsJob } from "./jobs/backfill-connections.ts";
import { pollConnectionsJob } from "./jobs/poll-connections.ts";
import { collectThreadsJob } from "./jobs/collect-threads.ts";
import { collectTiktokJob } from "./jobs/collect-tiktok.ts";
import { collectLinkedinJob } from "./jobs/collect-linkedin.ts";
import { refreshThreadsTokensJob } from "./jobs/refresh-threads-tokens.ts";
import { backfillZaloJob } from "./jobs/backfill-zalo.ts";
import { refreshZaloTokensJob } from "./jobs/refresh-zalo-tokens.ts";
import { backfillInstagramJob } from "./jobs/backfill-instagram.ts";
import { readInstagramMentionsJob } from "./jobs/read-instagram-mentions.ts";
import { searchInstagramHashtagsJob } from "./jobs/search-instagram-hashtags.ts";
import { sendReportsJob } from "./jobs/send-reports.ts";
import { maintainDatabaseJob } from "./jobs/maintain-database.ts";
import { pruneProjectChangesJob } from "./jobs/prune-project-changes.ts";
import { storyIndexJob } from "./jobs/story-index.ts";
import { detectCrisesJob } from "./jobs/detect-crises.ts";
import { retrainSentimentJob } from "./jobs/retrain-sentiment.ts";
import { startJobRunner } from "./jobs/runner.ts";
import { controlSecret } from "./runtime/control-secret.ts";
import { startControlServer } from "./cli/control-server.ts";
import { acquireDataDirLock, DataDirBusyError, type DataDirLock } from "./runtime/data-dir-lock.ts";
import { describeDatabase, openConfiguredDatabase } from "./runtime/database.ts";
import { DIST_DIR } from "./runtime/paths.ts";
import { ensureSiteBuilt } from "./runtime/site-build.ts";

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const dataDir = resolve(config.dataDir);
  const lock: DataDirLock | null = config.databaseUrl ? null : acquireDataDirLock(dataDir);
  const cleanups: (() => Promise<void> | void)[] = [() => lock?.release()];
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received; shutting down…`);
    for (const cleanup of cleanups.reverse()) await cleanup();
    log.info("Stopped cleanly.");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  if (config.role !== "worker") ensureSiteBuilt(log);
  const handle = await openConfiguredDatabase(config);
  cleanups.push(() => handle.close());
  const deps = createDeps(config, handle, { log });
  if (!config.recaptcha) log.info("reCAPTCHA is off (RECAPTCHA_SECRET is not set).");
  if (lock && config.seedDemo === "auto") await seedOnFirstStart(deps, config.demoDocuments);

  const instagramJobs = [backfillInstagramJob, readInstagramMentionsJob, searchInstagramHashtagsJob];
  if (config.role !== "web") {
    const collectors = config.collect.enabled ? [collectSourcesJob, runBackfillsJob] : [];
    // Connected pages are the customers' own, read with their consent: collected whenever a Meta app is configured.
    const connections = config.meta ? [backfillConnectionsJob, pollConnectionsJob, ...instagramJobs] : [];
    const threads = config.threads ? [collectThreadsJob, refreshThreadsTokensJob] : [];
    const zalo = config.zalo ? [backfillZaloJob, refreshZaloTokensJob] : [];
    const tiktok = config.tiktok ? [collectTiktokJob] : [];
    const linkedin = config.linkedin ? [collectLinkedinJob] : [];
    // Scheduled reports run on every worker, collecting or not.
    const runner = await startJobRunner(deps, [
      ...collectors,
      ...connections,
      ...threads,
      ...zalo,
      ...tiktok,
      ...linkedin,
      sendReportsJob,
      rematchRulesJob,
      storyIndexJob,
      detectCrisesJob,
      retrainSentimentJob,
      pruneProjectChangesJob,
      maintainDatabaseJob,
    ]);
    cleanups.push(() => runner.stop());
    // Documents stored before stories existed get theirs now, not at the next hour.
    void storyIndexJob.handler(deps, {}).catch((error: unknown) => log.error("story index", error));
    // A fresh database (the demo) gets its month partitions and planner statistics now, not at the next hour.
    void maintainDatabaseJob.handler(deps, {}).catch((error: unknown) => log.error("database maintenance", error));
    // A fresh database (the demo) shows the crises of its last two weeks at once, not after the first five minutes.
    void detectCrisesJob.handler(deps, {}).catch((error: unknown) => log.error("crisis detection", error));
    log.info(
      config.collect.enabled
        ? `Collectors on: ${collectors.map((j) => j.id).join(", ")}.`
        : "Collectors off (set COLLECT=on to poll the sources).",
    );
  }
  log.info(`SMS provider: ${deps.sms.name}. Mail provider: ${deps.mail.name}.`);

  if (lock) {
    const control = await startControlServer(deps, controlSecret(dataDir), log);
    lock.setControlPort(control.port);
    cleanups.push(() => new Promise<void>((done) => control.server.close(() => done())));
  }

  if (config.role !== "worker") {
    const app = createApp(deps, { distDir: DIST_DIR });
    const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
      log.info(`Nghe is listening on http://localhost:${info.port} (database: ${describeDatabase(config)})`);
    });
    cleanups.push(() => new Promise<void>((done) => server.close(() => done())));
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirBusyError) {
    console.error(error.message);
  } else {
    console.error("Nghe could not start:", error);
  }
  process.exit(1);
});
