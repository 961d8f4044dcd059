import { type } from "arktype";
import { readZaloFollowerName, ZaloError } from "../../collectors/zalo-api.ts";
import { zaloMessageDocument } from "../../collectors/zalo-documents.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { type ZaloEvent, ZaloEventBody } from "../../../shared/schemas/zalo.ts";
import { ingestDocuments } from "../ingest/index.ts";
import { withZaloToken } from "./with-zalo-token.ts";
import { type ZaloConnection, zaloConnections } from "./zalo-connections.ts";

function parseEvent(rawBody: string): ZaloEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw AppError.of(422, "webhook.malformed");
  }
  const event = ZaloEventBody(json);
  if (event instanceof type.errors) throw AppError.of(422, "webhook.malformed");
  return event;
}

/** The follower's display name through a connection Zalo still serves; null when none can ask or Zalo does not say. */
async function followerName(deps: Deps, connections: ZaloConnection[], userId: string): Promise<string | null> {
  const app = deps.config.zalo;
  const usable = connections.find((c) => c.state === "connected" || c.state === "expiring");
  if (!app || !usable) return null;
  try {
    return await withZaloToken(deps, app, usable, (token) => readZaloFollowerName(app, token, userId));
  } catch (error) {
    if (!(error instanceof ZaloError)) throw error;
    deps.log.warn("zalo follower name not read", { connection: usable.id, reason: error.message });
    return null;
  }
}

/**
 * A signed event (checkZaloSignature first). A follower's message (`user_send_*`: text, image, file, sticker, …) to a
 * connected OA still followed becomes a document typed message in the private scope of each account connecting that OA, a mention of
 * the projects it connected it for; its author is the follower's display name where Zalo gives it. Other events
 * (follow, unfollow, reactions, the OA's own messages) carry no conversation of the follower's and add nothing, and so
 * does an event sent again: the pipeline's dedup by message id finds it stored.
 */
export async function receiveZaloEvent(deps: Deps, rawBody: string): Promise<{ documents: number }> {
  const event = parseEvent(rawBody);
  const oaId = event.recipient?.id;
  const followerId = event.sender?.id;
  const msgId = event.message?.msg_id;
  if (!event.event_name.startsWith("user_send_") || !oaId || !followerId || !msgId) return { documents: 0 };
  const connections = (await zaloConnections(deps, oaId)).filter((c) => c.followed);
  if (connections.length === 0) return { documents: 0 };
  const document = zaloMessageDocument({
    id: msgId,
    oa: { id: oaId, name: connections[0].oa_name },
    follower: { id: followerId, name: await followerName(deps, connections, followerId) },
    text: event.message?.text ?? null,
    attachmentUrls: (event.message?.attachments ?? []).flatMap((a) => (a.payload?.url ? [a.payload.url] : [])),
    sentAt: new Date(Number(event.timestamp)),
  });
  if (!document) return { documents: 0 };
  const projectsByAccount = Map.groupBy(connections, (c) => c.account_id);
  let documents = 0;
  for (const [accountId, own] of projectsByAccount) {
    const ownedBy = own.map((c) => c.project_id);
    documents += (await ingestDocuments(deps, [document], { scope: { accountId }, ownedBy })).inserted;
  }
  return { documents };
}
