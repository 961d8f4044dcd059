import type { CollectedDocument } from "../../src/server/services/ingest/collected-document.ts";

let counter = 0;

/** A Facebook group post as a collector delivers it: channels, sources and emoji vary from one post to the next. */
export function groupPost(content: string, at: number): CollectedDocument {
  counter += 1;
  return {
    channel: 1 + (counter % 3),
    platform: "facebook",
    externalId: `crisis-${counter}`,
    url: `https://facebook.com/groups/me-va-be/posts/${counter}`,
    mentionType: 0,
    parentExternalId: null,
    title: null,
    content: counter % 2 ? content : `${content} 😡`,
    publishedAt: new Date(at),
    source: { id: null, name: counter % 2 ? "Hội Mẹ Bỉm Sữa" : "Góc Tiêu Dùng", url: null },
    author: { id: `tac-gia-${counter}`, name: "Nguyễn Thu Hà", url: null, followers: 120, location: "Hà Nội" },
    metrics: { likes: counter % 50, shares: 1, comments: 2, views: 0 },
    rating: null,
    ecommerceSource: null,
    hashtags: [],
  };
}
