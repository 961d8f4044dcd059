import { describe, expect, test } from "vitest";
import { CHANNEL_ID } from "../../shared/channels.ts";
import { MENTION_TYPE } from "../../shared/mention.ts";
import { tiktokCommentDocument, tiktokVideoDocument } from "./tiktok-documents.ts";

const ACCOUNT = { id: "-000Ab1", name: "Trà Sữa Mây", username: "trasuamay" };
const RECEIVED = new Date("2026-11-21T03:00:00Z");
const VIDEO = { item_id: "7441", caption: "Món mới của quán #trasua", create_time: 1_795_140_000, likes: 12, video_views: 300 };

describe("tiktokVideoDocument / tiktokCommentDocument", () => {
  test("a video is a post on channel 7 with its counters and the account as author", () => {
    expect(tiktokVideoDocument(ACCOUNT, VIDEO, RECEIVED)).toMatchObject({
      channel: CHANNEL_ID.tiktok,
      mentionType: MENTION_TYPE.post,
      url: "https://www.tiktok.com/@trasuamay/video/7441",
      publishedAt: new Date(1_795_140_000_000),
      metrics: { likes: 12, shares: 0, comments: 0, views: 300 },
      author: { name: "Trà Sữa Mây" },
      hashtags: ["trasua"],
    });
    expect(tiktokVideoDocument(ACCOUNT, { item_id: "7442", caption: "  " }, RECEIVED)).toBeNull();
  });

  test("a reply names its comment as parent, its author and its likes", () => {
    const reply = { comment_id: "9", text: "Cảm ơn bạn đã ghé quán", username: "lan.nguyen", display_name: "Lan Nguyễn", likes: 3 };
    expect(tiktokCommentDocument(ACCOUNT, reply, VIDEO, { kind: "comment", id: "8" }, RECEIVED)).toMatchObject({
      mentionType: MENTION_TYPE.reply,
      parentExternalId: "8",
      publishedAt: RECEIVED,
      author: { id: "lan.nguyen", name: "Lan Nguyễn", url: "https://www.tiktok.com/@lan.nguyen" },
      metrics: { likes: 3 },
    });
  });
});
