import type { Deps } from "../../deps.ts";
import { linkMentions, type LinkRequest, matchedTerms, matchMentions } from "../ingest/index.ts";
import { ensureMentionMonths } from "../maintenance/index.ts";
import { projectReaders } from "../sentiment/index.ts";
import { loadProjectTree } from "./project-tree.ts";
import { recentDocuments } from "./recent-documents.ts";

/**
 * Links documents of the last 30 days that the user may see (the pool and the user's own) to the user's projects, and
 * answers the names of the projects that still have no mention. Candidates come from recentDocuments, then the
 * ingest's matcher decides, so boundaries, diacritics, exclusions and queries are right and each mention's sentiment is
 * read as at ingest (every project's keywords marking where the other brands are).
 */
export async function scanData(deps: Deps, userId: number): Promise<string[]> {
  const tree = await loadProjectTree(deps.db, userId);
  if (!tree) return [];
  const projects = [tree.brand, ...tree.competitors];
  const now = deps.now();
  const candidates = await recentDocuments(deps, userId, projects.flatMap(matchedTerms), now);

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
