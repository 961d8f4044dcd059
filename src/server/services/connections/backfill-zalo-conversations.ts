import type { ZaloApp } from "../../config.ts";
import { listZaloRecentChats, readZaloConversation, ZALO_PAGE, ZaloError, type ZaloChatMessage } from "../../collectors/zalo-api.ts";
import { zaloMessageDocument } from "../../collectors/zalo-documents.ts";
import type { Deps } from "../../deps.ts";
import type { CollectedDocument } from "../ingest/index.ts";
import { ingestDocuments } from "../ingest/index.ts";
import { resumePausedConnections } from "./pause-connection.ts";
import { withZaloToken } from "./with-zalo-token.ts";
import { type ZaloConnection, zaloConnections } from "./zalo-connections.ts";

// The backfill reads the 50 most recent conversations (5 lists of 10), each one's 10 latest messages.
const MAX_CONVERSATIONS = 50;
// Zalo's rate limit counts calls per minute: a pause of 15 minutes lets it drop.
const PAUSE_MS = 15 * 60_000;
// Zalo's `src`: 1 a message the follower sent, 0 one the OA sent (the OA's own replies are not its mentions).
const FROM_FOLLOWER = 1;

const isDocument = (d: CollectedDocument | null): d is CollectedDocument => d !== null;

/** A message from a conversation (`listrecentchat`, `conversation`) as a document of the OA's. */
const chatDocument = (connection: ZaloConnection, m: ZaloChatMessage) =>
  zaloMessageDocument({
    id: m.msg_id,
    oa: { id: connection.oa_id, name: connection.oa_name },
    follower: { id: String(m.from_id), name: m.from_display_name || null },
    text: m.type === "text" ? (m.message ?? null) : null,
    attachmentUrls: m.type !== "text" && m.message?.startsWith("http") ? [m.message] : [],
    sentAt: new Date(m.time),
  });

/** One list of recent conversations from the cursor, each conversation's latest messages from its follower. */
async function backfillOnePage(deps: Deps, app: ZaloApp, connection: ZaloConnection) {
  const offset = Number(connection.backfill_cursor ?? 0);
  const chats = await withZaloToken(deps, app, connection, (token) => listZaloRecentChats(app, token, offset));
  const followers = [...new Set(chats.map((c) => String(c.src === FROM_FOLLOWER ? c.from_id : c.to_id)))];
  const messages: ZaloChatMessage[] = [];
  for (const follower of followers)
    messages.push(...(await withZaloToken(deps, app, connection, (token) => readZaloConversation(app, token, follower, 0))));
  const documents = messages
    .filter((m) => m.src === FROM_FOLLOWER)
    .map((m) => chatDocument(connection, m))
    .filter(isDocument);
  const { inserted } = await ingestDocuments(deps, documents, {
    scope: { accountId: connection.account_id },
    ownedBy: [connection.project_id],
  });
  const next = offset + ZALO_PAGE;
  const done = chats.length < ZALO_PAGE || next >= MAX_CONVERSATIONS;
  await deps.db
    .updateTable("connection_sources")
    .set((eb) => ({
      backfill_collected: eb("backfill_collected", "+", inserted),
      backfill_done: done,
      backfill_cursor: done ? null : String(next),
    }))
    .where("id", "=", connection.source_id)
    .execute();
  return done;
}

/** Zalo is limiting the calls: the connection shows "paused" and waits before it is read again. */
async function pauseZalo(deps: Deps, connectionId: number, reason: string): Promise<void> {
  await deps.db
    .updateTable("connections")
    .set({ state: "paused", paused_until: new Date(deps.now().getTime() + PAUSE_MS), reason })
    .where("id", "=", connectionId)
    .where("state", "in", ["connected", "paused"])
    .execute();
}

/**
 * The recent conversations of connected OAs not yet backfilled, a list of 10 at a time per round (progress in
 * backfill_collected, done after 50 conversations or the last one): messages from followers become the connecting
 * account's private mentions, typed message. Zalo's rate limit pauses the connection; a token Zalo refuses even after
 * a refresh marks it failing (withZaloToken). How many lists were read.
 */
export async function backfillZaloConversations(deps: Deps, pagesPerRound = 1): Promise<{ pages: number }> {
  const app = deps.config.zalo;
  if (!app) return { pages: 0 };
  await resumePausedConnections(deps);
  let pages = 0;
  const due = (await zaloConnections(deps)).filter(
    (c) => c.followed && !c.backfill_done && (c.state === "connected" || c.state === "expiring"),
  );
  for (const connection of due) {
    for (let n = 0; n < pagesPerRound; n++) {
      try {
        pages++;
        if (await backfillOnePage(deps, app, connection)) break;
        connection.backfill_cursor = String(Number(connection.backfill_cursor ?? 0) + ZALO_PAGE);
      } catch (error) {
        if (!(error instanceof ZaloError)) throw error;
        if (error.rateLimited) await pauseZalo(deps, connection.id, error.message);
        else deps.log.warn("zalo backfill stopped", { connection: connection.id, reason: error.message });
        break;
      }
    }
  }
  return { pages };
}
