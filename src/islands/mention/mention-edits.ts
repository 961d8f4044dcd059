import type { Mention, MentionChanges, MentionPage } from "../../client/types.ts";
import { MENTION_STATUS } from "../../shared/mention.ts";

/** A document can be a mention of several projects; the pair identifies one mention. */
export const mentionKey = (m: Pick<Mention, "project_id" | "id">) => `${m.project_id}:${m.id}`;

/** What the server will store: a sentiment set by hand is "manual", and marks the mention "updated" unless a status is given. */
export function applyChanges(page: MentionPage, targets: readonly Mention[], changes: MentionChanges): MentionPage {
  const keys = new Set(targets.map(mentionKey));
  const derived: Partial<Mention> = { ...changes };
  if (changes.sentiment !== undefined) {
    derived.sentiment_source = "manual";
    if (changes.status === undefined) derived.status = MENTION_STATUS.updated;
  }
  return { ...page, data: page.data.map((m) => (keys.has(mentionKey(m)) ? { ...m, ...derived } : m)) };
}

/** Puts the given mentions back as they were (rollback of an optimistic change that failed). */
export function restoreMentions(page: MentionPage, originals: readonly Mention[]): MentionPage {
  const byKey = new Map(originals.map((m) => [mentionKey(m), m]));
  return { ...page, data: page.data.map((m) => byKey.get(mentionKey(m)) ?? m) };
}

/** One update call per project (a list may mix the brand and its competitors). */
export function idsByProject(mentions: readonly Mention[]): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const m of mentions) groups.set(m.project_id, [...(groups.get(m.project_id) ?? []), m.id]);
  return groups;
}
