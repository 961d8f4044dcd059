/**
 * The write pipeline's input: one document from anywhere (a collector, the ingest API, the clippings import, the demo),
 * before normalization, dedup and keyword matching. Text fields are plain text: HTML stripped, entities decoded, NFC.
 */
export type CollectedDocument = {
  /** Channel id from `src/shared/channels.ts` (1..15). */
  channel: number;
  /** Site domain for news ("vnexpress.net"), otherwise the platform ("youtube", "app-store"). */
  platform: string;
  /** Provider id when there is one: RSS guid, Atom id, YouTube video/comment id, App Store review id. */
  externalId: string | null;
  url: string;
  /** `MENTION_TYPE` from `src/shared/mention.ts`: post 0, comment 1, reply 2, image identification 3, message 4. */
  mentionType: 0 | 1 | 2 | 3 | 4;
  /** A comment's video id, a reply's comment id; null for posts. */
  parentExternalId: string | null;
  title: string | null;
  content: string;
  publishedAt: Date;
  /** Where it was published: the news site, the YouTube channel, the app. */
  source: { id: string | null; name: string; url: string | null };
  author: {
    id: string | null;
    name: string | null;
    url: string | null;
    followers: number | null;
    location: string | null;
    /** Known only from partner data (ingest API): an age range such as "25-34", and a job. */
    ageRange?: string | null;
    job?: string | null;
  } | null;
  metrics: { likes: number; shares: number; comments: number; views: number };
  /** 1..5 for app, map and e-commerce reviews. */
  rating: number | null;
  /** `ECOMMERCE_SOURCE`: Shopee 1, Tiktok 2. */
  ecommerceSource: 1 | 2 | null;
  /** Hashtags found in the title and content, without the leading '#', as written, first occurrence kept. */
  hashtags: string[];
};
