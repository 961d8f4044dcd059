import { expect, test } from "vitest";
import { metaFeedDocuments } from "./meta-documents.ts";

const PAGE = "104857392817465";
const received = new Date("2026-11-21T03:00:00Z");
const names = (id: string) => (id === PAGE ? "Cà Phê Sáng Sài Gòn" : undefined);
const feed = (value: Record<string, unknown>, pageId = PAGE) => ({
  object: "page",
  entry: [{ id: pageId, changes: [{ field: "feed", value }] }],
});
const documents = (delivery: ReturnType<typeof feed>) => metaFeedDocuments(delivery, names, received).get(PAGE) ?? [];

test("a page's post is a post of the Facebook channel, linked to the post, with its hashtags", () => {
  const [post] = documents(
    feed({
      item: "status",
      verb: "add",
      post_id: `${PAGE}_882736451928374`,
      message: "Cà phê muối đã có mặt ở mọi chi nhánh #caphemuoi #SaiGon",
      created_time: "2026-11-20T08:00:00+0000",
    }),
  );
  expect(post).toMatchObject({
    channel: 1,
    platform: "facebook",
    externalId: `${PAGE}_882736451928374`,
    url: `https://www.facebook.com/${PAGE}_882736451928374`,
    mentionType: 0,
    parentExternalId: null,
    publishedAt: new Date("2026-11-20T08:00:00Z"),
    source: { id: PAGE, name: "Cà Phê Sáng Sài Gòn", url: `https://www.facebook.com/${PAGE}` },
    author: null,
    hashtags: ["caphemuoi", "SaiGon"],
  });
});

test("an edited comment is read again; reactions, removals, empty messages, other fields and unfollowed pages are not", () => {
  const comment = {
    item: "comment",
    post_id: `${PAGE}_1`,
    comment_id: "1_2",
    parent_id: `${PAGE}_1`,
    message: "Ngon!",
    created_time: 1_795_136_400,
  };
  expect(documents(feed({ ...comment, verb: "edited" }))).toHaveLength(1);
  expect(documents(feed({ ...comment, verb: "remove" }))).toEqual([]);
  expect(documents(feed({ ...comment, verb: "add", message: "  " }))).toEqual([]);
  expect(documents(feed({ item: "reaction", verb: "add", post_id: `${PAGE}_1`, reaction_type: "love" }))).toEqual([]);
  expect(metaFeedDocuments(feed({ ...comment, verb: "add" }, "999"), names, received).size).toBe(0);
  const mention = { object: "page", entry: [{ id: PAGE, changes: [{ field: "mention", value: { ...comment, verb: "add" } }] }] };
  expect(metaFeedDocuments(mention, names, received).size).toBe(0);
  expect(metaFeedDocuments({ ...feed({ ...comment, verb: "add" }), object: "instagram" }, names, received).size).toBe(0);
});

test("a change without a readable time takes the time it was received", () => {
  const [post] = documents(feed({ item: "post", verb: "add", post_id: `${PAGE}_3`, message: "Khai trương!", created_time: "hôm qua" }));
  expect(post.publishedAt).toEqual(received);
});

const rating = (value: Record<string, unknown>) => ({ object: "page", entry: [{ id: PAGE, changes: [{ field: "ratings", value }] }] });

test("a recommendation left on the page is the reviewer's post, with the stars of an older rating when Meta gives them", () => {
  const recommendation = {
    item: "rating",
    verb: "add",
    open_graph_story_id: "1049583726150293",
    reviewer_id: "6021458877777",
    reviewer_name: "Đỗ Hoàng Yến",
    recommendation_type: "negative",
    review_text: "Đợi gần 30 phút mới có ly bạc xỉu, nhân viên quên order của mình",
    created_time: 1_795_140_000,
  };
  const [review] = metaFeedDocuments(rating(recommendation), names, received).get(PAGE) ?? [];
  expect(review).toMatchObject({
    channel: 1,
    externalId: "1049583726150293",
    url: "https://www.facebook.com/1049583726150293",
    mentionType: 0,
    content: recommendation.review_text,
    author: { id: "6021458877777", name: "Đỗ Hoàng Yến", url: "https://www.facebook.com/6021458877777" },
    rating: null,
    publishedAt: new Date(1_795_140_000 * 1000),
  });
  const [rated] = metaFeedDocuments(rating({ ...recommendation, rating: 2 }), names, received).get(PAGE) ?? [];
  expect(rated.rating).toBe(2);
  expect(metaFeedDocuments(rating({ ...recommendation, rating: 9 }), names, received).get(PAGE)?.[0].rating).toBeNull();
  // Withdrawn, or without words: nothing to read.
  expect(metaFeedDocuments(rating({ ...recommendation, verb: "remove" }), names, received).size).toBe(0);
  expect(metaFeedDocuments(rating({ ...recommendation, review_text: undefined }), names, received).size).toBe(0);
});
