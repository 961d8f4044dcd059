import { channelById } from "../../../shared/channels.ts";
import type { Matcher } from "../../nlp/match.ts";
import type { TextOrigin } from "../../nlp/query-holds.ts";
import { documentContext, type StoredContext } from "../../nlp/sentiment/reading-context.ts";
import { classifyMentions } from "./classify-mentions.ts";
import { matchProjects } from "./match-projects.ts";
import { documentText } from "./prepare-document.ts";
import type { ProjectReaders } from "../sentiment/index.ts";

type MentionMatch = { projectId: number; matchedKeywords: string[]; sentiment: 0 | 1 | 2; sentimentModel: string };

/** Where a document comes from, for advanced queries' fields: its title's end, channel, and site (a news site's domain). */
function documentOrigin(document: { title: string | null; channel?: number; platform?: string }): TextOrigin {
  return {
    titleEnd: document.title?.length ?? 0,
    channel: document.channel === undefined ? null : (channelById(document.channel)?.slug ?? null),
    site: document.platform?.includes(".") ? document.platform.toLowerCase() : null,
  };
}

/** A document's text with every project's keywords found in it: which, and where (the spans its windows are cut by). */
export function matchDocument(matcher: Matcher, document: { title: string | null; content: string; channel?: number; platform?: string }) {
  const text = documentText(document.title, document.content);
  const matched = matchProjects(matcher, text, documentOrigin(document));
  const spans = [...matched].flatMap(([owner, found]) => found.spans.map((span) => ({ owner, ...span })));
  return { text, titleEnd: document.title?.length ?? 0, spans, matched };
}

/**
 * The mentions a document makes: each project allowed to see it (null: every project) whose keywords it holds, with those
 * keywords and the sentiment toward the project (classify-mentions.ts) by the project's reader. The keywords of every
 * matched project mark where other brands are, allowed or not, so the text a project's sentiment is read from does not
 * depend on who may see it. `document.sentiment` is the base reader's reading of the whole text; its channel, mention
 * type and stars say how every text of it is read (nlp/sentiment/reading-context.ts). `owned` are the projects whose
 * own channel the document comes from (a connected page): it is their mention whether or not it names a keyword.
 */
export function matchMentions(
  readers: ProjectReaders,
  matcher: Matcher,
  document: StoredContext & { title: string | null; content: string; sentiment: 0 | 1 | 2; platform?: string },
  allowed: Set<number> | null,
  owned: readonly number[] = [],
): MentionMatch[] {
  const { matched, ...read } = matchDocument(matcher, document);
  const projectIds = [...new Set([...matched.keys(), ...owned])].filter((id) => !allowed || allowed.has(id));
  if (projectIds.length === 0) return [];
  const reading = { version: readers.base.version, label: document.sentiment };
  const sentiments = classifyMentions({ ...read, reading, context: documentContext(document) }, projectIds, readers.of);
  return projectIds.map((projectId) => ({
    projectId,
    matchedKeywords: [...(matched.get(projectId)?.keywords ?? [])],
    sentiment: sentiments.get(projectId)!,
    sentimentModel: readers.of(projectId).version,
  }));
}
