import { parseQuery } from "../../../shared/query/parse-query.ts";
import { queryTerms } from "../../../shared/query/query-ast.ts";
import type { KeywordSet } from "../../nlp/match.ts";

/** A project's matching rule as stored: keywords and exclusions, or its advanced query where it has one. */
export type StoredRules = { id: number; keywords: string[]; exclude_keywords: string[]; query: string | null };

/** The stored rule as the matcher takes it (a stored query was read when it was saved). */
export const keywordSet = (project: StoredRules): KeywordSet => ({
  projectId: String(project.id),
  keywords: project.keywords,
  excluded: project.exclude_keywords,
  query: project.query ? parseQuery(project.query) : null,
});

/** The words the project's rule looks for in a text: its query's terms where it has one, else its keywords. */
export const matchedTerms = (project: Pick<StoredRules, "keywords" | "query">): string[] =>
  project.query ? [...new Set(queryTerms(parseQuery(project.query)).map((t) => t.text))] : project.keywords;
