import type { Kysely } from "kysely";
import type { CollectedDocument } from "../../src/server/services/ingest/collected-document.ts";
import type { seededRandom } from "../../src/shared/seeded-random.ts";
import type { Database } from "../../src/server/db/schema.ts";
import { documentSearchText } from "../../src/server/services/ingest/prepare-document.ts";

let counter = 0;

/** A document in the pool as the pipeline would have stored it. */
export async function insertDocument(
  db: Kysely<Database>,
  fields: { content: string; title?: string; publishedAt: Date; channel?: number; sentiment?: 0 | 1 | 2; likes?: number; noise?: number },
) {
  counter += 1;
  const row = await db
    .insertInto("documents")
    .values({
      dedup_key: `test:${counter}:${Math.random()}`,
      channel: fields.channel ?? 2,
      platform: "vnexpress.net",
      external_id: null,
      url: `https://vnexpress.net/bai-${counter}.html`,
      mention_type: 0,
      parent_external_id: null,
      title: fields.title ?? null,
      content: fields.content,
      search_text: documentSearchText(fields.title ?? null, fields.content, null),
      published_at: fields.publishedAt,
      collected_at: fields.publishedAt,
      updated_at: fields.publishedAt,
      source_id: null,
      source_name: "VnExpress",
      source_url: "https://vnexpress.net",
      author_id: null,
      author_name: null,
      author_url: null,
      author_followers: null,
      author_age_range: null,
      author_job: null,
      author_province: null,
      likes: fields.likes ?? 0,
      shares: 0,
      comments: 0,
      views: 0,
      rating: null,
      ecommerce_source: null,
      hashtags: [],
      sentiment: fields.sentiment ?? 0,
      sentiment_scores: [1, 0, 0],
      noise_score: fields.noise ?? 0,
      noise_reasons: [],
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A collected document on a random channel, of a random type and reach, from one of a few sources, as the ingest
 * pipeline takes it: the caller says what it says, when and by whom (by default one of three authors).
 */
export function randomCollected(
  random: ReturnType<typeof seededRandom>,
  fields: { externalId: string; content: string; publishedAt: Date; author?: CollectedDocument["author"] },
): CollectedDocument {
  return {
    channel: random.int(1, 15),
    platform: "test",
    externalId: fields.externalId,
    url: `https://example.vn/${fields.externalId}`,
    mentionType: random.int(0, 2) as 0 | 1 | 2,
    parentExternalId: null,
    title: null,
    content: fields.content,
    publishedAt: fields.publishedAt,
    source: { id: null, name: random.pick(["VnExpress", "Hội Cà Phê", "Review Quán", "Kenh14"]), url: null },
    author: fields.author ?? {
      id: null,
      name: random.pick(["Lê Hùng", "Trần Mai", "Ngô Bình"]),
      url: null,
      followers: null,
      location: null,
    },
    metrics: { likes: random.pareto(20), shares: random.int(0, 10), comments: random.int(0, 30), views: random.int(0, 1000) },
    rating: null,
    ecommerceSource: null,
    hashtags: [],
  };
}
