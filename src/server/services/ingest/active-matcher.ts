import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { buildMatcher, type Matcher } from "../../nlp/match.ts";
import { keywordSet } from "./keyword-set.ts";

/**
 * One matcher over every project's rules (keywords and exclusions, or a query), rebuilt only when projects changed (count or last update), so a batch
 * costs one small query instead of a rebuild.
 */
export function createActiveMatcher(db: Kysely<Database>) {
  let signature = "";
  let matcher: Matcher = buildMatcher([]);
  return async function current(): Promise<Matcher> {
    const row = await sql<{ n: number; latest: Date | null }>`select count(*)::int as n, max(updated_at) as latest from projects`.execute(
      db,
    );
    const next = `${row.rows[0].n}|${row.rows[0].latest ? new Date(row.rows[0].latest).getTime() : 0}`;
    if (next !== signature) {
      const projects = await db.selectFrom("projects").select(["id", "keywords", "exclude_keywords", "query"]).execute();
      matcher = buildMatcher(projects.map(keywordSet));
      signature = next;
    }
    return matcher;
  };
}
