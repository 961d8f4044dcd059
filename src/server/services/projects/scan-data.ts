import { searchKey } from "../../../shared/vietnamese.ts";
import type { Deps } from "../../deps.ts";
import { visibleToAccount } from "../../db/document-scope.ts";
import { linkMentions, type LinkRequest, matchedTerms, matchMentions } from "../ingest/index.ts";
import { ensureMentionMonths } from "../maintenance/index.ts";
import { projectReaders } from "../sentiment/index.ts";
import { loadProjectTree } from "./project-tree.ts";

const SCAN_DAYS = 30;
const MAX_CANDIDATES = 20_000;

/**
 * Links documents of the last 30 days that the user may see (the pool and the user's own) to the user's projects, and
 * answers the names of the projects that still have no mention. Candidates are the period's documents whose unaccented
 * text holds any keyword (read by publication time: the pool keeps no text index, which would cost every ingested
 * document more than this scan costs a new project), then the ingest's matcher decides, so boundaries and diacritics
 * are right and each mention's sentiment is read as at ingest (every project's keywords marking where the other brands
 * are).
 */
export async function scanData(deps: Deps, userId: number): Promise<string[]> {
  const tree = await loadProjectTree(deps.db, userId);
  if (!tree) return [];
  const projects = [tree.brand, ...tree.competitors];
  const now = deps.now();
  const since = new Date(now.getTime() - SCAN_DAYS * 86_400_000);
  const patterns = [...new Set(projects.flatMap((p) => matchedTerms(p).map((k) => `%${searchKey(k).replace(/[\\%_]/g, "\\$&")}%`)))];

  const candidates = await deps.db
    .selectFrom("documents")
    .select([
      "id",
      "dedup_key",
      "title",
      "content",
      "published_at",
      "channel",
      "platform",
      "mention_type",
      "rating",
      "sentiment",
      "noise_score",
      "source_name",
      "likes",
      "shares",
      "comments",
      "views",
      "search_text",
      "author_ref",
    ])
    .where("published_at", ">=", since)
    .where((eb) => visibleToAccount(eb, userId))
    // OR of LIKEs: measured faster than one regular expression of every keyword.
    .where((eb) => eb.or(patterns.map((pattern) => eb("search_text", "like", pattern))))
    .orderBy("published_at", "desc")
    .limit(MAX_CANDIDATES)
    .execute();

  const matcher = await deps.matcher();
  const readers = await projectReaders(deps);
  const allowed = new Set(projects.map((p) => p.id));
  const links: LinkRequest[] = candidates.flatMap((document) =>
    matchMentions(readers, matcher, document, allowed).map((mention) => ({ ...mention, document })),
  );
  await ensureMentionMonths(
    deps.db,
    links.map((link) => link.document.published_at),
  );
  await deps.db.transaction().execute((trx) => linkMentions(trx, links, now));

  const counts = await deps.db
    .selectFrom("mentions")
    .select(["project_id", (eb) => eb.fn.countAll<number>().as("count")])
    .where(
      "project_id",
      "in",
      projects.map((p) => p.id),
    )
    .groupBy("project_id")
    .execute();
  const withData = new Set(counts.filter((c) => Number(c.count) > 0).map((c) => c.project_id));
  return projects.filter((p) => !withData.has(p.id)).map((p) => p.name);
}
