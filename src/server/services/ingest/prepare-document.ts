import type { Insertable } from "kysely";
import { nfc, searchKey } from "../../../shared/vietnamese.ts";
import type { CollectedDocument } from "./collected-document.ts";
import type { DocumentsTable } from "../../db/schema.ts";
import { noiseScore } from "../../nlp/noise.ts";
import { detectProvince } from "../../nlp/province.ts";
import { dedupKey } from "./dedup-key.ts";
import { scopeAccountId, type DocumentScope } from "../../db/document-scope.ts";
import type { ClassifySentiment } from "../../nlp/sentiment/reader.ts";
import { documentContext } from "../../nlp/sentiment/reading-context.ts";

const clean = (text: string | null | undefined) => (text ? nfc(text).trim() : null);
const count = (n: number | null | undefined) => Math.max(0, Math.round(Number(n) || 0));

/**
 * A collected item as a row of its scope: NFC text, dedup key, search text, sentiment (read with its channel, kind and
 * stars), noise and the author's province.
 */
export function prepareDocument(
  doc: CollectedDocument,
  classify: ClassifySentiment,
  context: { now: Date; repeatCount: number; scope: DocumentScope; isDemo?: boolean },
): Insertable<DocumentsTable> {
  const title = clean(doc.title);
  const content = clean(doc.content) ?? "";
  const sentiment = classify(
    documentText(title, content),
    documentContext({ channel: doc.channel, mention_type: doc.mentionType, rating: doc.rating }),
  );
  const noise = noiseScore(content, { repeatCount: context.repeatCount });
  const province = (doc.author?.location && detectProvince(doc.author.location, { mode: "location" })) || null;
  return {
    account_id: scopeAccountId(context.scope),
    dedup_key: dedupKey(doc),
    channel: doc.channel,
    platform: doc.platform,
    external_id: doc.externalId,
    url: doc.url,
    mention_type: doc.mentionType,
    parent_external_id: doc.parentExternalId,
    title,
    content,
    search_text: documentSearchText(title, content, clean(doc.author?.name)),
    published_at: doc.publishedAt,
    collected_at: context.now,
    updated_at: context.now,
    source_id: doc.source.id,
    source_name: clean(doc.source.name) ?? doc.platform,
    source_url: doc.source.url,
    author_id: doc.author?.id ?? null,
    author_name: clean(doc.author?.name),
    author_url: doc.author?.url ?? null,
    author_followers: doc.author?.followers ?? null,
    author_age_range: doc.author?.ageRange ?? null,
    author_job: clean(doc.author?.job),
    author_province: province?.code ?? null,
    likes: count(doc.metrics.likes),
    shares: count(doc.metrics.shares),
    comments: count(doc.metrics.comments),
    views: count(doc.metrics.views),
    rating: doc.rating,
    ecommerce_source: doc.ecommerceSource,
    hashtags: doc.hashtags.map((h) => nfc(h)),
    sentiment: sentiment.label,
    sentiment_scores: sentiment.scores,
    noise_score: noise.score,
    noise_reasons: noise.reasons,
    is_demo: context.isDemo ?? false,
  };
}

/** What a document's sentiment is read from and its keywords are matched in: the title, if any, on a line of its own. */
export function documentText(title: string | null, content: string): string {
  return title ? `${title}\n${content}` : content;
}

/** What a mention search looks through: title, content and author, with or without diacritics. */
export function documentSearchText(title: string | null, content: string, author: string | null): string {
  return searchKey([title, content, author].filter(Boolean).join("\n"));
}
