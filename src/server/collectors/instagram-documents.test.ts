import { expect, test } from "vitest";
import {
  instagramCommentDocument,
  instagramHashtagDocument,
  instagramMediaDocument,
  instagramWebhookCommentDocument,
} from "./instagram-documents.ts";

const owner = { id: "17841405822304914", username: "caphesangsaigon" };
const received = new Date("2026-11-21T03:00:00Z");
const media = {
  id: "17990211234560001",
  caption: "Cold brew cam sả mới ra mắt #caphesang",
  permalink: "https://www.instagram.com/p/DBcS1aGx7Qm/",
  timestamp: "2026-11-18T02:15:00+0000",
  like_count: 214,
  comments_count: 3,
  username: "caphesangsaigon",
};

test("a media is an Instagram post linked to its permalink, by its account, with its counters and hashtags", () => {
  expect(instagramMediaDocument(owner, media, received)).toMatchObject({
    channel: 9,
    platform: "instagram",
    externalId: media.id,
    url: media.permalink,
    mentionType: 0,
    parentExternalId: null,
    publishedAt: new Date("2026-11-18T02:15:00Z"),
    source: { id: owner.id, name: "caphesangsaigon", url: "https://www.instagram.com/caphesangsaigon" },
    author: { id: "caphesangsaigon", name: "caphesangsaigon", url: "https://www.instagram.com/caphesangsaigon" },
    metrics: { likes: 214, comments: 3, shares: 0, views: 0 },
    hashtags: ["caphesang"],
  });
});

test("a comment answers its media and a reply its comment; both link to the media; a media without caption is nothing", () => {
  const comment = {
    id: "18044400011122201",
    text: "Vị sả thơm lắm",
    timestamp: "2026-11-18T06:20:00+0000",
    username: "ngoc.anh",
    like_count: 7,
  };
  expect(instagramCommentDocument(owner, media, comment, null, received)).toMatchObject({
    mentionType: 1,
    parentExternalId: media.id,
    url: media.permalink,
    author: { url: "https://www.instagram.com/ngoc.anh" },
    metrics: { likes: 7 },
  });
  expect(instagramCommentDocument(owner, media, { ...comment, id: "2" }, comment.id, received)).toMatchObject({
    mentionType: 2,
    parentExternalId: comment.id,
  });
  expect(instagramMediaDocument(owner, { id: "3" }, received)).toBeNull();
});

test("a webhook comment takes the delivery's time, and the account's profile when its media's link is unknown", () => {
  const value = { id: "18044400011122277", text: "Quán đông quá", from: { username: "hoang.long" }, media: { id: media.id } };
  expect(instagramWebhookCommentDocument(owner, value, undefined, 1_795_136_400, received)).toMatchObject({
    mentionType: 1,
    url: "https://www.instagram.com/caphesangsaigon",
    publishedAt: new Date(1_795_136_400 * 1000),
  });
  expect(instagramWebhookCommentDocument(owner, { id: "1", text: "Không có media" }, undefined, undefined, received)).toBeNull();
});

test("a hashtag result has no author; its source is the hashtag's page", () => {
  const { username: _, ...anonymous } = media;
  expect(instagramHashtagDocument("caphesang", anonymous, received)).toMatchObject({
    author: null,
    source: { id: null, name: "#caphesang", url: "https://www.instagram.com/explore/tags/caphesang/" },
  });
});
