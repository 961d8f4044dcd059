import { beforeAll, describe, expect, test } from "vitest";
import { freshDatabase } from "../factories/test-database.ts";
import {
  classificationGaps,
  compareWithKnown,
  joinFindings,
  type Placement,
  readSchema,
  type Schema,
  schemaFindings,
  serviceSources,
} from "./citus-schema.ts";

/**
 * The distributed path of docs/scale.md, guarded: every migration applied to a fresh in-memory PGlite, the schema read
 * from the catalog, and the Citus rules of a cluster distributed by project_id checked against it, plus the joins of
 * the services' code. What breaks the rules today is listed below with its fix; a new break fails, and so does a
 * listed one that is gone (take it off the list: the list only shrinks).
 */

const distributed = (why: string): Placement => ({ group: "distributed", why });
const reference = (why: string): Placement => ({ group: "reference", why });
const local = (why: string): Placement => ({ group: "local", why });
const pool = (why: string): Placement => ({ group: "pool", by: "id", why });

/**
 * Every table of the schema, placed. A new table fails "every table is classified" until it is placed here.
 *
 * The document pool (documents and the stories and authors that hang off it) is sharded apart by its own id rather
 * than made a reference table: it is the biggest part of the data (texts and their search twins, about 5 KB a document
 * against about 1.5 KB for its mentions, docs/scale.md) and grows with what the collectors gather, not with tenants; a
 * reference table would put the whole of it on every worker and send every ingested document to all of them, which
 * undoes what the move to Citus is for. The price: joins of mentions with documents are not co-located (POOL_JOINS).
 */
const PLACEMENT: Record<string, Placement> = {
  // Mention side: grows with the mentions, read and written one project at a time.
  mentions: distributed("a document as seen by one project: the biggest project-scoped table"),
  mention_rollups_hourly: distributed("the dashboards' counters, per project and hour"),
  mention_sources_daily: distributed("top sources' counters, per project and day"),
  audience_monthly: distributed("authors per project and month"),
  audience_counts: distributed("audience counters per project and month"),
  audience_samples: distributed("which project months have their sample audience; written with audience_monthly"),
  mention_audit: distributed("every change to a mention; bulk story edits write thousands of rows"),
  mention_edits: distributed("one row per user action on mentions; undo reads it with the audit rows"),
  sentiment_corrections: distributed("labelled examples written in the same transaction as the mention edit"),
  incidents: distributed("crises per project; the detector updates them next to the project's rollups"),
  incident_mentions: distributed("mentions attached to an incident: grows with the mentions"),
  incident_solutions: distributed("the solutions tried for an incident"),
  incident_history: distributed("every change of an incident, detector included"),
  crisis_settings: distributed("one row per project, read by the detector with the project's rollups"),
  crisis_scans: distributed("one row per project, locked while a worker scans it: single-shard transactions"),
  project_changes: distributed("the figure cache's change log, written by the transaction that changes a project and read per project"),

  // Reference: small, rarely written, joined from every shard.
  users: reference("accounts: thousands of rows"),
  projects: reference("a brand and up to two competitors per account; every tenant filter starts here"),
  brands: reference("the brand catalogue of the project form"),
  user_channels: reference("channel settings per user: a few rows per account"),
  notification_settings: reference("one row per user, joined with projects when reports are planned"),
  sub_brands: reference("per-project lists staff define: tens of rows a project, read next to mentions"),
  services: reference("per-project lists staff define: tens of rows a project, read next to mentions"),

  // The document pool: sharded by its own id, not co-located with the projects (see above).
  documents: pool("everything collected, shared by every project allowed to see it"),
  stories: pool("one per near-duplicate cluster: grows with the documents"),
  authors: pool("one per author identity and scope: grows with the documents"),

  // Local: stay on the coordinator (Citus local tables); queues, secrets, operations.
  story_texts: local("the story index: a window of recent texts pruned by the story-index job, read only by ingest"),
  sessions: local("bearer tokens, looked up once per request"),
  otps: local("one-time codes"),
  rate_limit_events: local("sliding-window rate limits"),
  outbox_messages: local("every SMS and e-mail sent"),
  api_keys: local("ingest keys, looked up once per batch"),
  user_avatars: local("image bytes served by the web role; joined with nothing"),
  project_keyword_updates: local("the monthly allowance of keyword changes"),
  backfill_requests: local("the collectors' queue of keywords to look back for, read across all projects"),
  rule_rematches: local("the queue of brands whose history is read again under new rules, read across all projects by its job"),
  report_deliveries: local("the report queue: claimed by lease across all projects, short links looked up globally"),
  report_schedule: local("one row: up to when reports were planned"),
  collector_states: local("each collector's resumable state and health"),
  sentiment_adaptations: local("per-account model weights, read by ingest and retraining"),
  contact_requests: local("the landing page's advice requests"),
  client_errors: local("server failures reported by browsers"),
  schema_migrations: local("applied migrations"),
  connections: local("connected accounts and their encrypted tokens: a few rows per account"),
  connection_sources: local("connected pages and accounts, looked up by page across accounts when a webhook arrives"),
  connection_states: local("OAuth round trips in flight, ten minutes each"),
  threads_queries: local("the ledger of Threads keyword searches, counted per Threads user across accounts"),
  instagram_hashtag_searches: local("Meta's 30 hashtags a week per Instagram account: at most 30 live rows each"),
  instagram_mention_queue: local("Instagram mention webhooks waiting to be read: a queue"),
};

/** Breaks of the schema rules today, each with the migration that removes it. Fix one, and its entry must go. */
const KNOWN_VIOLATIONS: Record<string, string> = {
  "documents: unique index documents_scope_dedup_key":
    "dedup through create table document_keys (dedup_key text, scope_id bigint, document_id bigint, primary key (dedup_key, scope_id)) " +
    "sharded by dedup_key, filled from documents; then drop index documents_scope_dedup_key",
  "authors: unique index authors_scope_key":
    "the same for authors: create table author_keys (author_key text, platform text, scope_id bigint, author_id bigint, " +
    "primary key (author_key, platform, scope_id)) sharded by author_key; then drop index authors_scope_key",
  "audience_monthly: trigger audience_counts_insert":
    "move the audience_counts upkeep into services/tallies/audience-rollups.ts (it already has the rows) and drop the three triggers, " +
    "or keep them per shard under citus.enable_unsafe_triggers once tried on a Citus cluster",
  "audience_monthly: trigger audience_counts_update": "as audience_counts_insert",
  "audience_monthly: trigger audience_counts_delete": "as audience_counts_insert",
};

/** Joins of two distributed tables without project_id in the services' code, each with the change that fixes it. */
const KNOWN_JOIN_VIOLATIONS: Record<string, string> = {};

/**
 * Joins of mention-side tables with the pool: not co-located once the pool is sharded by its own id. Each must be
 * rewritten before the move (docs/scale.md): read the project's rows first, then their documents (or authors) by id.
 */
const POOL_JOINS: Record<string, string> = {
  "src/server/services/mention-query/mention-scope.ts: documents ⋈ mentions":
    "every list, counter and export: filter and page the mentions first, then fetch the page's documents by id; move the " +
    "document filters (search text, e-commerce source, story) onto the mention side",
  "src/server/services/mention-query/mention-scope.ts: authors ⋈ documents":
    "the province drill-down reaches each document's author by id, on another shard: take the province's author ids from " +
    "audience_monthly (per project and month, co-located with the mentions) and filter the documents' author_ref by them",
  "src/server/services/mentions/change-mentions.ts: documents ⋈ mentions": "read the mentions, then their documents by id",
  "src/server/services/mentions/sentiment-reasons.ts: documents ⋈ mentions": "one mention: two single-row reads",
  "src/server/services/mentions/story-mentions.ts: documents ⋈ mentions": "needs the story id on the mention side",
  "src/server/services/crisis/attach-mentions.ts: documents ⋈ mentions": "needs the story id on the mention side",
  "src/server/services/ingest/link-mentions.ts: documents ⋈ mentions":
    "look the dedup keys up in the pool first, then the projects' mentions of those ids",
  "src/server/services/ingest/attach-authors.ts: audience_monthly ⋈ authors":
    "UPDATE audience_monthly … FROM authors: read the authors' attributes first, then update from a VALUES list",
  "src/server/services/ingest/prune-mentions.ts: documents ⋈ mentions":
    "DELETE … USING documents: delete from mentions alone (returning document_id), then read the counters' document fields by id",
};

let schema: Schema;

beforeAll(async () => {
  const handle = await freshDatabase();
  try {
    schema = await readSchema(handle.db);
  } finally {
    await handle.close();
  }
}, 120_000);

const guide =
  "Place it in PLACEMENT in tests/architecture/citus-rules.test.ts (distributed by project_id, reference, pool or local: " +
  "docs/scale.md says how to choose).";

describe("Citus rules for a cluster distributed by project_id (docs/scale.md)", () => {
  test("every table is classified", () => {
    const { unclassified, stale } = classificationGaps(schema, PLACEMENT);
    expect(unclassified, `tables without a placement: ${unclassified.join(", ")}. ${guide}`).toEqual([]);
    expect(stale, `placed tables the schema no longer has: ${stale.join(", ")}; remove them from PLACEMENT`).toEqual([]);
  });

  test("sharded tables have their shard column in every unique key; foreign keys stay co-located", () => {
    const { added, gone } = compareWithKnown(schemaFindings(schema, PLACEMENT), KNOWN_VIOLATIONS);
    expect(added, "new breaks of the Citus rules: fix them (docs/scale.md), or list them in KNOWN_VIOLATIONS with their fix").toEqual([]);
    expect(gone, "fixed, well done: take these off KNOWN_VIOLATIONS").toEqual([]);
  });

  test("the services join two distributed tables only through project_id", () => {
    const { violations } = joinFindings(serviceSources(), PLACEMENT);
    const { added, gone } = compareWithKnown(violations, KNOWN_JOIN_VIOLATIONS);
    expect(added, "joins of distributed tables must also match project_id = project_id").toEqual([]);
    expect(gone, "fixed: take these off KNOWN_JOIN_VIOLATIONS").toEqual([]);
  });

  test("the joins with the document pool are the listed ones", () => {
    const { crossGroup } = joinFindings(serviceSources(), PLACEMENT);
    const { added, gone } = compareWithKnown(crossGroup, POOL_JOINS);
    expect(added, "new joins across placement groups: avoid them, or list them in POOL_JOINS with the rewrite they need").toEqual([]);
    expect(gone, "no longer there: take these off POOL_JOINS").toEqual([]);
  });
});

/** The checks themselves, on altered copies of the schema and on made-up code: each rule must catch what it claims. */
describe("the rules catch new breaks", () => {
  const altered = (change: (copy: Schema) => void) => {
    const copy = structuredClone(schema);
    change(copy);
    return compareWithKnown(schemaFindings(copy, PLACEMENT), KNOWN_VIOLATIONS).added;
  };
  const column = (name: string) => ({ name, notNull: true });

  test("an unclassified table", () => {
    const copy = structuredClone(schema);
    copy.tables.push({ name: "mention_notes", columns: [column("project_id"), column("id")] });
    expect(classificationGaps(copy, PLACEMENT).unclassified).toEqual(["mention_notes"]);
  });

  test("a distributed table keyed without project_id, or without the column", () => {
    expect(
      altered((s) => s.uniques.push({ table: "mentions", name: "x", primary: false, columns: ["document_id"], definition: "" })),
    ).toHaveLength(1);
    expect(
      altered((s) =>
        s.uniques.push({ table: "mention_rollups_hourly", name: "y", primary: false, columns: [null, "project_id"], definition: "" }),
      ),
    ).toEqual([]);
    expect(
      altered((s) => {
        s.tables.find((t) => t.name === "crisis_scans")!.columns = [column("scanned_until")];
      }),
    ).toEqual(["crisis_scans is sharded by project_id but has no not-null project_id column"]);
  });

  test("foreign keys that leave the shard", () => {
    const fk = (table: string, columns: string[], refTable: string, refColumns: string[]) => (s: Schema) =>
      s.foreignKeys.push({ table, name: "fk", columns, refTable, refColumns, definition: "" });
    expect(altered(fk("mentions", ["document_id"], "documents", ["id"]))).toHaveLength(1);
    expect(altered(fk("mention_audit", ["document_id"], "mentions", ["document_id"]))).toHaveLength(1);
    expect(altered(fk("mention_audit", ["project_id", "document_id"], "mentions", ["project_id", "document_id"]))).toEqual([]);
    expect(altered(fk("mentions", ["project_id"], "projects", ["id"]))).toEqual([]);
    expect(altered(fk("projects", ["id"], "crisis_settings", ["project_id"]))).toHaveLength(1);
    expect(altered(fk("sessions", ["id"], "mentions", ["project_id"]))).toHaveLength(1);
  });

  test("joins of distributed tables off project_id, and new joins with the pool", () => {
    const code = (text: string) => joinFindings([{ path: "x.ts", text }], PLACEMENT);
    expect(
      code(`db.selectFrom("mentions as m").innerJoin("mention_audit as a", "a.document_id", "m.document_id")`).violations,
    ).toHaveLength(1);
    expect(
      code(
        `db.selectFrom("mentions as m").innerJoin("mention_audit as a", (j) => j.onRef("a.document_id", "=", "m.document_id").onRef("a.project_id", "=", "m.project_id"))`,
      ).violations,
    ).toEqual([]);
    expect(code("sql`select 1 from mention_edits e join mention_audit a on a.edit_id = e.id where true`").violations).toHaveLength(1);
    expect(code(`db.selectFrom("mention_audit as a").innerJoin("documents as d", "d.id", "a.document_id")`).crossGroup).toHaveLength(1);
    expect(code(`db.selectFrom("mentions as m").innerJoin("projects as p", "p.id", "m.project_id")`)).toEqual({
      violations: [],
      crossGroup: [],
    });
  });
});
