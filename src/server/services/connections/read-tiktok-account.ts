import type { GraphApp } from "../../config.ts";
import type { Deps } from "../../deps.ts";
import { type Page, readTiktokComments, readTiktokReplies, readTiktokVideos, type TiktokVideo } from "../../collectors/tiktok-api.ts";
import { type TiktokAccount, tiktokCommentDocument, tiktokVideoDocument } from "../../collectors/tiktok-documents.ts";
import type { CollectedDocument } from "../ingest/index.ts";

// A backfill reads this many pages of 20 videos (the latest 200); a later round only the newest page.
const BACKFILL_VIDEO_PAGES = 10;
// Pages of comments (30 each) and of replies read per video or comment in one round.
const COMMENT_PAGES = 5;

/** Every page of a cursor-paged list, up to `pages` of them. */
async function allPages<T>(pages: number, read: (cursor: number | null) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  let cursor: number | null = null;
  for (let page = 0; page < pages; page++) {
    const answer = await read(cursor);
    items.push(...answer.items);
    if (answer.next === null) break;
    cursor = answer.next;
  }
  return items;
}

/**
 * The account's videos (all of the backfill's pages, else the newest), the comments on each and the replies to each
 * comment that has some, as documents.
 */
export async function readTiktokAccount(
  deps: Deps,
  app: GraphApp,
  token: string,
  account: TiktokAccount,
  backfill: boolean,
): Promise<CollectedDocument[]> {
  const now = deps.now();
  const videos = await allPages(backfill ? BACKFILL_VIDEO_PAGES : 1, (cursor) => readTiktokVideos(app, token, account.id, cursor));
  const documents: (CollectedDocument | null)[] = [];
  for (const video of videos) {
    documents.push(tiktokVideoDocument(account, video, now));
    documents.push(...(await readComments(app, token, account, video, now)));
  }
  return documents.filter((d) => d !== null);
}

async function readComments(app: GraphApp, token: string, account: TiktokAccount, video: TiktokVideo, now: Date) {
  const comments = await allPages(COMMENT_PAGES, (cursor) => readTiktokComments(app, token, account.id, video.item_id, cursor));
  const documents = [];
  for (const comment of comments) {
    documents.push(tiktokCommentDocument(account, comment, video, { kind: "video" }, now));
    if (!comment.replies) continue;
    const replies = await allPages(COMMENT_PAGES, (cursor) =>
      readTiktokReplies(app, token, account.id, video.item_id, comment.comment_id, cursor),
    );
    const parent = { kind: "comment" as const, id: comment.comment_id };
    documents.push(...replies.map((reply) => tiktokCommentDocument(account, reply, video, parent, now)));
  }
  return documents;
}
