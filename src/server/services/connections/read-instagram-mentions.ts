import type { Deps } from "../../deps.ts";
import { instagramMediaDocument, instagramMentionedCommentDocument } from "../../collectors/instagram-documents.ts";
import { readMentionedComment, readMentionedMedia } from "../../collectors/instagram-graph.ts";
import { type MetaApp, newMeter } from "../../collectors/meta-http.ts";
import { ingestDocuments } from "../ingest/index.ts";
import { followedInstagramAccounts } from "./followed-instagram-accounts.ts";
import { openSealed } from "./followed-pages.ts";
import { resumePausedConnections } from "./pause-connection.ts";
import { settleRefusal } from "./settle-refusal.ts";

/** Is the account followed through a connection that Meta's quota paused? */
async function followedWhilePaused(deps: Deps, igUserId: string): Promise<boolean> {
  const paused = await deps.db
    .selectFrom("connection_sources as s")
    .innerJoin("connections as c", "c.id", "s.connection_id")
    .select("s.id")
    .where("s.kind", "=", "instagram_account")
    .where("s.external_id", "=", igUserId)
    .where("s.followed", "=", true)
    .where("c.state", "=", "paused")
    .executeTakeFirst();
  return paused !== undefined;
}

type Queued = { ig_user_id: string; media_id: string; comment_id: string | null };

/** The media or comment a queued `mentions` change names, read through the Graph API. */
async function readMention(app: MetaApp, owner: { id: string; username: string }, token: string, queued: Queued, now: Date) {
  if (queued.comment_id)
    return instagramMentionedCommentDocument(owner, await readMentionedComment(app, owner.id, token, queued.comment_id), now);
  return instagramMediaDocument(owner, await readMentionedMedia(app, owner.id, token, queued.media_id), now);
}

/**
 * The queued `mentions` webhook changes, oldest first: each is read once with the token of the first connection
 * following the mentioned account, and becomes a mention of every project following it, in each following account's
 * private scope. A change waits while the following connections are paused by Meta's quota, and is dropped when none
 * follows it any more (or all are failing); Meta's refusals are settled as for pages, the change staying queued.
 */
export async function readInstagramMentions(deps: Deps, round: { perRound?: number } = {}): Promise<{ read: number; documents: number }> {
  const meta = deps.config.meta;
  if (!meta) return { read: 0, documents: 0 };
  await resumePausedConnections(deps);
  const queued = await deps.db
    .selectFrom("instagram_mention_queue")
    .select(["id", "ig_user_id", "media_id", "comment_id"])
    .orderBy("id")
    .limit(round.perRound ?? 25)
    .execute();
  let documents = 0;
  for (const item of queued) {
    const followers = await followedInstagramAccounts(deps).where("s.external_id", "=", item.ig_user_id).execute();
    const [reader] = followers;
    // Meta's quota pauses the connection: the change waits for it.
    if (!reader && (await followedWhilePaused(deps, item.ig_user_id))) continue;
    if (reader) {
      const meter = newMeter();
      try {
        const document = await readMention(
          { ...meta, meter },
          { id: reader.external_id, username: reader.name },
          openSealed(deps, reader),
          item,
          deps.now(),
        );
        for (const accountId of new Set(followers.map((f) => f.account_id))) {
          const projects = followers.filter((f) => f.account_id === accountId).map((f) => f.project_id);
          documents += (await ingestDocuments(deps, document ? [document] : [], { scope: { accountId }, ownedBy: projects })).inserted;
        }
      } catch (error) {
        if ((await settleRefusal(deps, reader.connection_id, meter, error)) === "stop") break;
        continue;
      }
    }
    await deps.db.deleteFrom("instagram_mention_queue").where("id", "=", item.id).execute();
  }
  return { read: queued.length, documents };
}
