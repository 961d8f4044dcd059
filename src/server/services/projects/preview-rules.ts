import { sql } from "kysely";
import type { ProjectInput } from "../../../shared/schemas/project.ts";
import type { Deps } from "../../deps.ts";
import { buildMatcher } from "../../nlp/match.ts";
import { keywordSet, matchDocument, matchedTerms, type StoredRules } from "../ingest/index.ts";
import { loadProjectTree, type ProjectRow } from "./project-tree.ts";
import { recentDocuments, SCAN_DAYS } from "./recent-documents.ts";

const SAMPLE_SIZE = 5;
const SAMPLE_LENGTH = 200;

/** The rules a brand of the form would have once saved: what the form leaves out stays as saved, as on saving. */
function formRules(brand: ProjectInput | NonNullable<ProjectInput["competitors"]>[number], saved: ProjectRow | undefined): StoredRules {
  return {
    id: 0,
    keywords: brand.keywords,
    exclude_keywords: brand.exclude_keywords ?? saved?.exclude_keywords ?? [],
    query: (brand.query === undefined ? saved?.query : brand.query) ?? null,
  };
}

/** The saved brand's documents of the period found by its keywords (not its own channel's, which no rule decides). */
async function savedDocuments(deps: Deps, projectId: number, since: Date): Promise<Set<number>> {
  const rows = await deps.db
    .selectFrom("mentions")
    .select("document_id")
    .where("project_id", "=", projectId)
    .where("published_at", ">=", since)
    .where(sql<boolean>`cardinality(matched_keywords) > 0`)
    .execute();
  return new Set(rows.map((r) => r.document_id));
}

/**
 * What the form's rules would match over the last 30 days of the pool and the account's own documents, per brand in the
 * form's order: how many, a sample of the newest, and against the saved rules how many it adds and takes away. Saving
 * the same rules, then the scan the form runs after saving, makes exactly these mentions.
 */
export async function previewRules(deps: Deps, userId: number, input: ProjectInput) {
  const tree = await loadProjectTree(deps.db, userId);
  const saved = tree ? [tree.brand, ...tree.competitors] : [];
  const now = deps.now();
  const since = new Date(now.getTime() - SCAN_DAYS * 86_400_000);
  const brands = [input, ...(input.competitors ?? [])];
  return {
    days: SCAN_DAYS,
    brands: await Promise.all(
      brands.map(async (brand, index) => {
        const rules = formRules(brand, saved[index]);
        const matcher = buildMatcher([keywordSet(rules)]);
        const candidates = await recentDocuments(deps, userId, matchedTerms(rules), now);
        const matched = candidates.filter((document) => matchDocument(matcher, document).matched.size > 0);
        const before = saved[index] ? await savedDocuments(deps, saved[index].id, since) : new Set<number>();
        const ids = new Set(matched.map((d) => d.id));
        return {
          name: brand.name,
          count: matched.length,
          added: matched.filter((d) => !before.has(d.id)).length,
          removed: [...before].filter((id) => !ids.has(id)).length,
          sample: matched.slice(0, SAMPLE_SIZE).map((d) => ({
            title: d.title,
            content: d.content.slice(0, SAMPLE_LENGTH),
            published_at: d.published_at,
            channel: d.channel,
            source_name: d.source_name,
          })),
        };
      }),
    ),
  };
}
