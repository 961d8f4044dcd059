import type { Mention, MentionChanges, MentionPage, MentionsUpdated } from "../../client/types.ts";
import { MENTION_STATUS } from "../../shared/mention.ts";

/** A document can be a mention of several projects; the pair identifies one mention. */
export const mentionKey = (m: Pick<Mention, "project_id" | "id">) => `${m.project_id}:${m.id}`;

/** What the server will store: a sentiment set by hand is "manual", and marks the mention "updated" unless a status is given. */
export function withChanges(mention: Mention, changes: MentionChanges): Mention {
  const derived: Partial<Mention> = { ...changes };
  if (changes.sentiment !== undefined) {
    derived.sentiment_source = "manual";
    if (changes.status === undefined) derived.status = MENTION_STATUS.updated;
  }
  return { ...mention, ...derived };
}

export function applyChanges(page: MentionPage, targets: readonly Mention[], changes: MentionChanges): MentionPage {
  const keys = new Set(targets.map(mentionKey));
  return { ...page, data: page.data.map((m) => (keys.has(mentionKey(m)) ? withChanges(m, changes) : m)) };
}

/** The server's word on edited mentions of one project: a sentiment set back to the system's reading restores the status too. */
export function applyStates(page: MentionPage, projectId: number, states: MentionsUpdated["mentions"]): MentionPage {
  const byKey = new Map(states.map((s) => [mentionKey({ project_id: projectId, id: s.id }), s]));
  return { ...page, data: page.data.map((m) => (byKey.has(mentionKey(m)) ? { ...m, ...byKey.get(mentionKey(m)) } : m)) };
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
