import { keywordKey } from "../../../shared/vietnamese.ts";
import type { Matcher } from "../../nlp/match.ts";

/** The projects a text mentions, each with the keywords (normalized) that matched. */
export function matchProjects(matcher: Matcher, text: string): Map<number, Set<string>> {
  const byProject = new Map<number, Set<string>>();
  for (const match of matcher.match(text)) {
    const keywords = byProject.get(Number(match.projectId)) ?? new Set<string>();
    keywords.add(keywordKey(match.keyword));
    byProject.set(Number(match.projectId), keywords);
  }
  return byProject;
}
