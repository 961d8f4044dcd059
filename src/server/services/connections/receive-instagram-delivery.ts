import { type } from "arktype";
import { sql } from "kysely";
import { CHANNEL_ID } from "../../../shared/channels.ts";
import type { Deps } from "../../deps.ts";
import { InstagramCommentValue, InstagramMentionValue, instagramWebhookCommentDocument } from "../../collectors/instagram-documents.ts";
import type { MetaDeliveryBody } from "../../../shared/schemas/connections.ts";
import { type CollectedDocument, dedupKey, ingestDocuments } from "../ingest/index.ts";
import { followersOf } from "./followers-of.ts";

type Entry = (typeof MetaDeliveryBody.infer)["entry"][number];
type Follower = { account_id: number; project_id: number; external_id: string; name: string };

/**
 * An `instagram` delivery (developers.facebook.com/docs/graph-api/webhooks/getting-started/webhooks-for-instagram),
 * signed and parsed: a `comments` change on a followed account's media becomes a comment (or reply) at once, a mention
 * of every project following the account in the following account's private scope; a `mentions` change carries ids
 * only and is queued for the read-instagram-mentions job, which calls Meta. Accounts nobody follows are ignored; a
 * delivery sent again adds nothing.
 */
export async function receiveInstagramDelivery(deps: Deps, entries: Entry[]): Promise<{ documents: number }> {
  const ids = [...new Set(entries.map((e) => e.id))];
  if (ids.length === 0) return { documents: 0 };
  const followers = await followersOf(deps, "instagram_account", ids);
  let documents = 0;
  for (const entry of entries) {
    const following = followers.filter((f) => f.external_id === entry.id);
    if (following.length === 0) continue;
    await queueMentions(deps, entry);
    documents += await ingestComments(deps, entry, following);
  }
  return { documents };
}

async function queueMentions(deps: Deps, entry: Entry): Promise<void> {
  for (const change of entry.changes ?? []) {
    const value = change.field === "mentions" ? InstagramMentionValue(change.value) : null;
    if (!value || value instanceof type.errors) continue;
    await deps.db
      .insertInto("instagram_mention_queue")
      .values({ ig_user_id: entry.id, media_id: value.media_id, comment_id: value.comment_id ?? null, received_at: deps.now() })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** One batch per following account, a mention of each of its projects following the Instagram account. */
async function ingestComments(deps: Deps, entry: Entry, following: Follower[]): Promise<number> {
  let documents = 0;
  for (const accountId of new Set(following.map((f) => f.account_id))) {
    const mine = following.filter((f) => f.account_id === accountId);
    const owner = { id: entry.id, username: mine[0].name };
    const batch: CollectedDocument[] = [];
    for (const change of entry.changes ?? []) {
      const value = change.field === "comments" ? InstagramCommentValue(change.value) : null;
      if (!value || value instanceof type.errors) continue;
      const permalink = value.media ? await storedPermalink(deps, accountId, value.media.id) : undefined;
      const document = instagramWebhookCommentDocument(owner, value, permalink, entry.time, deps.now());
      if (document) batch.push(document);
    }
    if (batch.length === 0) continue;
    documents += (await ingestDocuments(deps, batch, { scope: { accountId }, ownedBy: mine.map((f) => f.project_id) })).inserted;
  }
  return documents;
}

/** The link of the media a comment answers, when the backfill stored it: a delivery carries only the media's id. */
async function storedPermalink(deps: Deps, accountId: number, mediaId: string): Promise<string | undefined> {
  const row = await deps.db
    .selectFrom("documents")
    .select("url")
    .where("dedup_key", "=", dedupKey({ channel: CHANNEL_ID.instagram, externalId: mediaId, url: "" }))
    // As the pool's unique index reads it (documents_scope_dedup_key).
    .where((eb) => eb(eb.fn.coalesce("account_id", sql.lit(0)), "=", accountId))
    .executeTakeFirst();
  return row?.url;
}
