import { type } from "arktype";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { metaFeedDocuments } from "../../collectors/meta-webhook.ts";
import { MetaDeliveryBody } from "../../../shared/schemas/connections.ts";
import { ingestDocuments } from "../ingest/index.ts";

function parseDelivery(rawBody: string): typeof MetaDeliveryBody.infer {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw AppError.of(422, "webhook.malformed");
  }
  const delivery = MetaDeliveryBody(json);
  if (delivery instanceof type.errors) throw AppError.of(422, "webhook.malformed");
  return delivery;
}

/**
 * A signed delivery (checkMetaSignature first): each new or edited post and comment of a followed page becomes a
 * document in the private scope of every account following that page, and a mention of the project it follows the page
 * for, keyword or not. Pages nobody follows are ignored. A delivery sent again adds nothing: the pipeline's dedup by
 * external id finds its documents already stored. Nothing here calls Meta, so the answer does not wait on it.
 */
export async function receiveMetaDelivery(deps: Deps, rawBody: string): Promise<{ documents: number }> {
  const delivery = parseDelivery(rawBody);
  const pageIds = [...new Set(delivery.entry.map((e) => e.id))];
  if (delivery.object !== "page" || pageIds.length === 0) return { documents: 0 };
  const followers = await deps.db
    .selectFrom("connection_sources")
    .select(["external_id", "name", "account_id", "project_id"])
    .where("kind", "=", "facebook_page")
    .where("followed", "=", true)
    .where("external_id", "in", pageIds)
    .orderBy("id")
    .execute();
  const names = new Map(followers.map((f) => [f.external_id, f.name]));
  const byPage = metaFeedDocuments(delivery, (id) => names.get(id), deps.now());
  let documents = 0;
  for (const follower of followers) {
    const batch = byPage.get(follower.external_id) ?? [];
    if (batch.length === 0) continue;
    const result = await ingestDocuments(deps, batch, { scope: { accountId: follower.account_id }, ownedBy: [follower.project_id] });
    documents += result.inserted;
  }
  return { documents };
}
