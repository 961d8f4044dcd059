import { performance } from "node:perf_hooks";
import { openDatabase, type DatabaseHandle } from "../src/server/db/client.ts";
import { migrate } from "../src/server/db/migrate.ts";
import { postgresCpuMs } from "./postgres-cpu.ts";
import { withThrowawayPostgres } from "./throwaway-postgres.ts";
import { generateDemoDocuments } from "../src/server/demo/generate-demo-documents.ts";
import { loadConfig } from "../src/server/config.ts";
import { createDeps } from "../src/server/deps.ts";
import { createLogger } from "../src/server/log.ts";
import { inBatches, ingestBatches } from "../src/server/services/ingest/ingest-documents.ts";

// End-to-end ingest: 20,000 demo documents in batches of 1,000 through the real pipeline (sentiment, noise,
// province, dedup, one matcher over 1,000 projects × 10 keywords, mentions and rollups in one transaction per batch).
const DOCUMENTS = 20_000;
const BATCH = 1_000;
const PROJECTS = 1_000;
const BRANDS = ["Sữa Mộc Lan", "Đồng Xanh", "NutriViệt"];
// Issue 38: INGEST_RULES=exclusions gives every project 10 excluded phrases, INGEST_RULES=query an advanced query.
const RULES = process.env.INGEST_RULES;

/** A project's rules beyond its keywords, as INGEST_RULES asks. */
function rulesOf(name: string) {
  if (RULES === "exclusions") return { exclude_keywords: Array.from({ length: 10 }, (_, k) => `${name} tuyển dụng ${k}`) };
  if (RULES === "query") return { query: `"${name}" OR ("${name} dòng 1" NEAR/5 "${name} dòng 2") AND NOT "${name} tuyển dụng"` };
  return {};
}

async function seedProjects(handle: DatabaseHandle) {
  const now = new Date();
  // The demo text's three brands among synthetic ones, each project owned by its own account (one brand project per user).
  const names = [...BRANDS, ...Array.from({ length: PROJECTS - BRANDS.length }, (_, i) => `Thương hiệu ${i}`)];
  for (let i = 0; i < names.length; i += 250) {
    const chunk = names.slice(i, i + 250);
    const users = await handle.db
      .insertInto("users")
      .values(
        chunk.map((_, j) => ({
          username: `bench${i + j}`,
          full_name: "Bench",
          phone: `09${String(i + j).padStart(8, "0")}`,
          company: "Bench",
          email: `bench${i + j}@nghe.vn`,
          password_hash: "-",
          verified_at: now,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning("id")
      .execute();
    await handle.db
      .insertInto("projects")
      .values(
        chunk.map((name, j) => ({
          user_id: users[j].id,
          parent_id: null,
          brand_id: 0,
          name,
          keywords: [name, ...Array.from({ length: 9 }, (_, k) => `${name} dòng ${k}`)],
          ...rulesOf(name),
          color: "#7DD3FC",
          position: 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}

async function run(label: string, handle: DatabaseHandle): Promise<void> {
  try {
    await migrate(handle.db);
    await seedProjects(handle);
    const docs = generateDemoDocuments(
      BRANDS.map((name) => ({ name, share: 1 })),
      DOCUMENTS,
      new Date(),
    );
    const deps = createDeps(loadConfig({}), handle, { log: createLogger("error") });
    // Load the sentiment model and start the preparing thread (once a process) before the clock starts.
    deps.classify("nạp mô hình");
    await deps.prepareDocuments([], { now: new Date(), scope: "pool", repeatCounts: [] });
    const started = performance.now();
    const nodeCpu = process.cpuUsage();
    const serverCpu = postgresCpuMs();
    const { mentions } = await ingestBatches(deps, inBatches(docs, BATCH));
    const seconds = (performance.now() - started) / 1000;
    const nodeCpuMs = (({ user, system }) => (user + system) / 1000)(process.cpuUsage(nodeCpu));
    const serverCpuAfter = postgresCpuMs();
    console.log(
      `${label.padEnd(10)} ${RULES ? `(${RULES}) ` : ""}${DOCUMENTS} docs in ${seconds.toFixed(1)} s = ${Math.round(DOCUMENTS / seconds)} docs/s (${mentions} mentions; goal ${label === "PGlite" ? "2,000" : "10,000"} docs/s)`,
    );
    // CPU per document: what the goal asks of the machine's cores, whatever else ran beside the bench.
    const perDocument = (ms: number) => `${Math.round((ms * 1000) / DOCUMENTS)} µs`;
    const server =
      label === "PostgreSQL" && serverCpu !== null && serverCpuAfter !== null
        ? `, PostgreSQL server ${perDocument(serverCpuAfter - serverCpu)}`
        : "";
    console.log(`${"".padEnd(10)} CPU per document: this process (every thread) ${perDocument(nodeCpuMs)}${server}`);
  } finally {
    await handle.close();
  }
}

/** PGlite in memory, and PostgreSQL on a throwaway database when DATABASE_URL names a server. */
export default async function ingestBench() {
  await run("PGlite", await openDatabase({ memory: true }));
  await withThrowawayPostgres((handle) => run("PostgreSQL", handle));
}
