import { performance } from "node:perf_hooks";
import type { ProjectShow } from "../src/client/types.ts";
import { migrate } from "../src/server/db/migrate.ts";
import { createSession } from "../src/server/services/auth/sessions.ts";
import { generate } from "./dashboard.bench.ts";
import { drive } from "./load/drive.ts";
import { printFigures, type Goal } from "./load/report.ts";
import { startLoadServer, type LoadServer } from "./load/server.ts";
import { userSession, type Account } from "./load/user-session.ts";
import { withThrowawayPostgres } from "./throwaway-postgres.ts";

// Many users at once against the real server process, over HTTP on loopback: on PGlite with the demo a first start
// creates, and on PostgreSQL (when DATABASE_URL names a server) with the dashboard bench's dataset. Each user is one
// connection walking the screens with think time (bench/load/user-session.ts); figures per endpoint and the goals.

function envCount(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
}

const SECONDS = envCount("LOAD_SECONDS", 30);
/** What the first start seeds by default (DEMO_DOCUMENTS). */
const DEMO_DOCUMENTS = 20_000;
const PGLITE_GOAL: Goal = { users: 50, p95Ms: 1000 };
const POSTGRES_GOAL: Goal = { users: 200, p95Ms: 300 };

async function api<T>(server: LoadServer, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(server.url + path, init);
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

async function openAccount(server: LoadServer, token: string): Promise<Account> {
  const { project } = await api<ProjectShow>(server, "/api/project", { headers: { authorization: `Bearer ${token}` } });
  if (!project) throw new Error("the account has no project");
  return { token, projectId: project.id, competitorIds: project.children_competitor.map((competitor) => competitor.id) };
}

async function measure(label: string, server: LoadServer, token: string, goal: Goal) {
  const users = envCount("LOAD_USERS", goal.users);
  const account = await openAccount(server, token);
  console.log(`${label}: ${users} users for ${SECONDS} s`);
  const sessions = Array.from({ length: users }, () => userSession(account, SECONDS));
  printFigures(await drive(server.url, token, sessions, SECONDS), SECONDS, users, goal);
}

/** PGlite, as a trial runs it: one process, jobs included; every user shares the demo account's session. */
async function measurePglite() {
  const server = await startLoadServer({ SEED_DEMO: "auto", DEMO_DOCUMENTS: String(DEMO_DOCUMENTS) });
  try {
    const password = /Demo account ready — username: demo\s+password: (\S+)/.exec(server.output())?.[1];
    if (!password) throw new Error(`the server created no demo account:\n${server.output()}`);
    const { access_token } = await api<{ access_token: string }>(server, "/api/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "demo", password }),
    });
    await measure(`PGlite, demo data (${DEMO_DOCUMENTS.toLocaleString("en")} documents)`, server, access_token, PGLITE_GOAL);
  } finally {
    await server.stop();
  }
}

/**
 * PostgreSQL, as a web process of a larger installation runs it (NGHE_ROLE=web: workers are processes of their own, and
 * the story backfill of a million generated documents would otherwise run during the measure). The dataset has one
 * account without a password, so every user shares a session created for it. LOAD_MENTIONS makes a smaller dataset
 * where a million rows take too long to seed.
 */
async function measurePostgres() {
  const mentions = envCount("LOAD_MENTIONS", 1_000_000);
  await withThrowawayPostgres(async (handle) => {
    let token: string;
    try {
      await migrate(handle.db);
      const started = performance.now();
      const { userId } = await generate(handle, mentions);
      console.log(
        `PostgreSQL: ${mentions.toLocaleString("en")} mentions generated in ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
      token = (await createSession(handle.db, userId, new Date())).access_token;
    } finally {
      await handle.close();
    }
    const server = await startLoadServer({ DATABASE_URL: String(handle.pool.options.connectionString), NGHE_ROLE: "web" });
    try {
      await measure(`PostgreSQL, dashboard bench dataset (${mentions.toLocaleString("en")} mentions)`, server, token, POSTGRES_GOAL);
    } finally {
      await server.stop();
    }
  });
}

export default async function loadBench() {
  await measurePglite();
  await measurePostgres();
}
