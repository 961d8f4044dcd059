import type { Kysely } from "kysely";
import { keywordKey } from "../../../shared/vietnamese.ts";
import type { Database } from "../../db/schema.ts";
import type { ProjectTree } from "./project-tree.ts";

/** Asks the collectors to look back for keywords a project did not have before (all of them for a new project). */
export async function requestBackfill(db: Kysely<Database>, tree: ProjectTree, before: ProjectTree | null, now: Date): Promise<void> {
  const previous = new Map(
    (before ? [before.brand, ...before.competitors] : []).map((p) => [p.position, new Set(p.keywords.map(keywordKey))]),
  );
  const requests = [tree.brand, ...tree.competitors]
    .map((project) => ({ project, added: project.keywords.filter((k) => !previous.get(project.position)?.has(keywordKey(k))) }))
    .filter((r) => r.added.length > 0);
  if (requests.length === 0) return;
  await db
    .insertInto("backfill_requests")
    .values(requests.map((r) => ({ project_id: r.project.id, keywords: r.added, requested_at: now })))
    .execute();
}
