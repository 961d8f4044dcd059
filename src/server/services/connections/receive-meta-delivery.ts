import { type } from "arktype";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { metaFeedDocuments } from "../../collectors/meta-documents.ts";
import { MetaDeliveryBody } from "../../../shared/schemas/connections.ts";
import { ingestDocuments } from "../ingest/index.ts";
import { receiveInstagramDelivery } from "./receive-instagram-delivery.ts";
import { followersOf } from "./followers-of.ts";

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
 * document in the private scope of every account following that page, and a mention of the projects it follows the page
 * for, keyword or not. Pages nobody follows are ignored. A delivery sent again adds nothing: the pipeline's dedup by
 * external id finds its documents already stored. Nothing here calls Meta, so the answer does not wait on it.
 */
export async function receiveMetaDelivery(deps: Deps, rawBody: string): Promise<{ documents: number }> {
  const delivery = parseDelivery(rawBody);
  if (delivery.object === "instagram") return receiveInstagramDelivery(deps, delivery.entry);
  const pageIds = [...new Set(delivery.entry.map((e) => e.id))];
  if (delivery.object !== "page" || pageIds.length === 0) return { documents: 0 };
  const followers = await followersOf(deps, "facebook_page", pageIds);
  await pollSoonWhenMentioned(deps, delivery);
  const names = new Map(followers.map((f) => [f.external_id, f.name]));
  const byPage = metaFeedDocuments(delivery, (id) => names.get(id), deps.now());
  // One batch per account and page, a mention of every project of the account following the page.
  const batches = new Map<string, { accountId: number; pageId: string; projects: number[] }>();
  for (const f of followers) {
    const key = `${f.account_id}:${f.external_id}`;
    const batch = batches.get(key) ?? { accountId: f.account_id, pageId: f.external_id, projects: [] };
    batch.projects.push(f.project_id);
    batches.set(key, batch);
  }
  let documents = 0;
  for (const { accountId, pageId, projects } of batches.values()) {
    const batch = byPage.get(pageId) ?? [];
    if (batch.length === 0) continue;
    documents += (await ingestDocuments(deps, batch, { scope: { accountId }, ownedBy: projects })).inserted;
  }
  return { documents };
}

/** A `mention` change carries no text: the page is read at the next polling round instead of waiting its turn. */
async function pollSoonWhenMentioned(deps: Deps, delivery: typeof MetaDeliveryBody.infer): Promise<void> {
  const mentioned = delivery.entry.filter((e) => e.changes?.some((c) => c.field === "mention")).map((e) => e.id);
  if (mentioned.length === 0) return;
  await deps.db
    .updateTable("connection_sources")
    .set({ polled_at: null })
    .where("kind", "=", "facebook_page")
    .where("followed", "=", true)
    .where("external_id", "in", mentioned)
    .execute();
}
