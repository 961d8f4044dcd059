import { keywordKey } from "../../../shared/vietnamese.ts";
import type { Matcher } from "../../nlp/match.ts";
import type { TextOrigin } from "../../nlp/query-holds.ts";

/** What one project matched in a text: its keywords (normalized) and where they are, as offsets into nfc(text). */
type ProjectMatch = { keywords: Set<string>; spans: { start: number; end: number }[] };

/** The projects a text mentions, each with the keywords that matched and where. */
export function matchProjects(matcher: Matcher, text: string, origin?: TextOrigin): Map<number, ProjectMatch> {
  const byProject = new Map<number, ProjectMatch>();
  for (const { projectId, keyword, start, end } of matcher.match(text, origin)) {
    const id = Number(projectId);
    let found = byProject.get(id);
    if (!found) byProject.set(id, (found = { keywords: new Set(), spans: [] }));
    found.keywords.add(keywordKey(keyword));
    found.spans.push({ start, end });
  }
  return byProject;
}
