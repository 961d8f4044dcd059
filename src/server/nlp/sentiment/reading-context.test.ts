import { describe, expect, it } from "vitest";
import { CHANNEL_ID } from "../../../shared/channels.ts";
import { MENTION_TYPE } from "../../../shared/mention.ts";
import { documentContext, mayRetellNews, writerOf } from "./reading-context.ts";

describe("a stored document's reading context", () => {
  it("reads a comment as a consumer's, and a news article as news", () => {
    const comment = documentContext({ channel: CHANNEL_ID.zalo, mention_type: MENTION_TYPE.comment, rating: null });
    expect(comment).toEqual({ channel: CHANNEL_ID.zalo, kind: "comment", rating: undefined });
    expect(writerOf(comment)).toBe("consumer");
    expect(writerOf(documentContext({ channel: CHANNEL_ID.news, mention_type: MENTION_TYPE.post, rating: null }))).toBe("news");
  });

  it("reads a post on a review channel as a consumer's, with its stars", () => {
    const review = documentContext({ channel: CHANNEL_ID["review-map"], mention_type: MENTION_TYPE.post, rating: 1 });
    expect(review).toEqual({ channel: CHANNEL_ID["review-map"], kind: "review", rating: 1 });
    expect(writerOf(review)).toBe("consumer");
  });

  it("gives an image's text no kind, so only its channel says who wrote it", () => {
    const image = documentContext({ channel: CHANNEL_ID.linkedin, mention_type: MENTION_TYPE.imageIdentification, rating: 9 });
    expect(image).toEqual({ channel: CHANNEL_ID.linkedin, kind: undefined, rating: undefined });
    expect(writerOf(image)).toBeUndefined();
    const inGroup = documentContext({ channel: CHANNEL_ID["zalo-group"], mention_type: MENTION_TYPE.imageIdentification, rating: null });
    expect(writerOf(inGroup)).toBe("consumer");
  });

  it("takes a person's post on a social channel or Zalo for one that may retell news, never a comment or a review", () => {
    const post = (channel: number, mention_type: number = MENTION_TYPE.post) =>
      mayRetellNews(documentContext({ channel, mention_type, rating: null }));
    expect(post(CHANNEL_ID.facebook)).toBe(true);
    expect(post(CHANNEL_ID["zalo-group"])).toBe(true);
    expect(post(CHANNEL_ID.facebook, MENTION_TYPE.comment)).toBe(false);
    expect(post(CHANNEL_ID["review-map"])).toBe(false);
    expect(post(CHANNEL_ID.ecommerce)).toBe(false);
    expect(post(CHANNEL_ID.news)).toBe(false);
    expect(post(CHANNEL_ID.linkedin)).toBe(false);
  });
});
