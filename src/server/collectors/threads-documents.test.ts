import { expect, test } from "vitest";
import { CHANNEL_ID } from "../../shared/channels.ts";
import { MENTION_TYPE } from "../../shared/mention.ts";
import { threadsDocument } from "./threads-documents.ts";

const receivedAt = new Date("2026-11-21T03:00:00Z");
const post = {
  id: "18050123456789001",
  text: "Trà Sữa Mây ra vị khoai môn mới #trasua",
  permalink: "https://www.threads.net/@ngocanh.sg/post/DCq1aBcDeFg",
  timestamp: "2026-11-21T01:15:00+0000",
  username: "ngocanh.sg",
};

test("a found post is a Threads post by its author's profile; a reply names its thread", () => {
  expect(threadsDocument(post, null, receivedAt)).toMatchObject({
    channel: CHANNEL_ID.threads,
    externalId: post.id,
    url: post.permalink,
    mentionType: MENTION_TYPE.post,
    parentExternalId: null,
    publishedAt: new Date("2026-11-21T01:15:00Z"),
    author: { id: "ngocanh.sg", url: "https://www.threads.net/@ngocanh.sg" },
    hashtags: ["trasua"],
  });
  expect(threadsDocument(post, "18060987654321001", receivedAt)).toMatchObject({
    mentionType: MENTION_TYPE.reply,
    parentExternalId: "18060987654321001",
  });
});

test("no text, no document; no time or permalink, the time received and the author's profile", () => {
  expect(threadsDocument({ id: "1", text: "  " }, null, receivedAt)).toBeNull();
  expect(threadsDocument({ id: "2", text: "Ngon", username: "an" }, null, receivedAt)).toMatchObject({
    url: "https://www.threads.net/@an",
    publishedAt: receivedAt,
  });
});
