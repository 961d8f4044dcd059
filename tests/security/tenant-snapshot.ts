import { sql, type Kysely } from "kysely";
import type { Database } from "../../src/server/db/schema.ts";

const serialize = (value: unknown) => JSON.stringify(value, (_key, v) => (typeof v === "bigint" ? v.toString() : v));

/** Rows in a stable order whatever order the database returns them in. */
const stable = (rows: unknown[]) => rows.map(serialize).sort();

/**
 * Every row that belongs to one account, serialized: its user row, sessions, keys, channels, notification settings,
 * projects (names, keywords), lists, mentions (sentiment, status, interactions…), the documents behind them (counters),
 * rollups, audit and backfill requests, incidents (their mentions, solutions and history), crisis detection state and
 * connected accounts (their sources and OAuth states).
 * Two equal snapshots mean nothing of the account changed, byte for byte.
 */
export async function tenantSnapshot(db: Kysely<Database>, userId: number): Promise<Record<string, string[]>> {
  const rowsWhere = async (table: string, column: string, values: number[]) =>
    values.length === 0
      ? []
      : (await sql`select * from ${sql.table(table)} where ${sql.ref(column)} in (${sql.join(values)})`.execute(db)).rows;
  const projectIds = (await db.selectFrom("projects").select("id").where("user_id", "=", userId).execute()).map((p) => p.id);
  const documentIds = (await rowsWhere("mentions", "project_id", projectIds)).map((m) => (m as { document_id: number }).document_id);
  const snapshot: Record<string, string[]> = {};
  for (const table of BY_USER) snapshot[table] = stable(await rowsWhere(table, table === "users" ? "id" : "user_id", [userId]));
  for (const table of BY_ACCOUNT) snapshot[table] = stable(await rowsWhere(table, "account_id", [userId]));
  for (const table of BY_PROJECT) snapshot[table] = stable(await rowsWhere(table, "project_id", projectIds));
  snapshot.documents = stable(await rowsWhere("documents", "id", documentIds));
  const incidentIds = (await rowsWhere("incidents", "project_id", projectIds)).map((i) => (i as { id: number }).id);
  for (const table of BY_INCIDENT) snapshot[table] = stable(await rowsWhere(table, "incident_id", incidentIds));
  return snapshot;
}

const BY_USER = ["users", "sessions", "api_keys", "user_channels", "notification_settings", "projects", "project_keyword_updates"] as const;
const BY_ACCOUNT = ["connections", "connection_sources", "connection_states"] as const;
const BY_PROJECT = [
  "sub_brands",
  "services",
  "mentions",
  "mention_rollups_hourly",
  "mention_sources_daily",
  "mention_audit",
  "mention_edits",
  "sentiment_corrections",
  "backfill_requests",
  "audience_monthly",
  "audience_samples",
  "incidents",
  "incident_mentions",
  "crisis_settings",
  "crisis_scans",
] as const;
const BY_INCIDENT = ["incident_solutions", "incident_history"] as const;
