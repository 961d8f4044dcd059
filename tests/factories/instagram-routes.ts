import accounts from "../fixtures/meta/accounts.json" with { type: "json" };
import comments from "../fixtures/meta/instagram-comments.json" with { type: "json" };
import hashtagMedia from "../fixtures/meta/instagram-hashtag.json" with { type: "json" };
import media from "../fixtures/meta/instagram-media.json" with { type: "json" };
import mentions from "../fixtures/meta/instagram-mentions.json" with { type: "json" };

/** The Instagram side of the Meta stand-in: the first page's linked professional account and what it holds. */
export const INSTAGRAM = {
  account: accounts.pages[0].instagram_business_account!,
  media,
  comments: comments as Record<string, (typeof comments)[keyof typeof comments]>,
  mentions,
  /** The recent public media of the hashtag `caphesang`; other hashtags have none. */
  hashtagMedia,
  mediaPageSize: 2,
} as const;

/** Meta's id for a hashtag: stable per hashtag, numeric like Meta's. */
export const hashtagId = (hashtag: string) => `178410${[...hashtag].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 1e9, 7)}`;

type Reply = { send: (status: number, body: unknown) => void; paged: (items: unknown[], size: number) => void };

/** Meta's answer to an Instagram path, or null when the path is not Instagram's. */
function answer(url: URL): { list: unknown[]; size: number } | { body: unknown } | null {
  const q = url.searchParams;
  const ig = INSTAGRAM.account.id;
  if (url.pathname === `/${ig}/media`) return { list: INSTAGRAM.media, size: INSTAGRAM.mediaPageSize };
  const item = INSTAGRAM.media.find((m) => url.pathname === `/${m.id}/comments`);
  if (item) return { list: INSTAGRAM.comments[item.id] ?? [], size: 50 };
  const fields = q.get("fields") ?? "";
  if (url.pathname === `/${ig}` && fields.startsWith(`mentioned_media.media_id(${INSTAGRAM.mentions.media.id})`))
    return { body: { mentioned_media: INSTAGRAM.mentions.media, id: ig } };
  if (url.pathname === `/${ig}` && fields.startsWith(`mentioned_comment.comment_id(${INSTAGRAM.mentions.comment.id})`))
    return { body: { mentioned_comment: INSTAGRAM.mentions.comment, id: ig } };
  if (q.get("user_id") !== ig) return null;
  if (url.pathname === "/ig_hashtag_search") return { body: { data: [{ id: hashtagId(q.get("q") ?? "") }] } };
  if (url.pathname === `/${hashtagId("caphesang")}/recent_media`) return { body: { data: INSTAGRAM.hashtagMedia } };
  if (url.pathname.endsWith("/recent_media")) return { body: { data: [] } };
  return null;
}

/**
 * The Instagram Graph API routes (Facebook Login for Business), in Meta's documented shapes, for the user token:
 * /{ig-user-id}/media with cursor paging, /{ig-media-id}/comments with replies, /{ig-user-id}?fields=mentioned_media…
 * and mentioned_comment…, /ig_hashtag_search and /{hashtag-id}/recent_media. False when the path is not Instagram's.
 */
export function instagramRoute(url: URL, reply: Reply): boolean {
  const found = answer(url);
  if (!found) return false;
  if ("list" in found) reply.paged(found.list, found.size);
  else reply.send(200, found.body);
  return true;
}
