import { describe, expect, test } from "vitest";
import { CHANNEL_ID } from "../../shared/channels.ts";
import { MENTION_TYPE } from "../../shared/mention.ts";
import { linkedinCommentDocument, linkedinPostDocument } from "./linkedin-documents.ts";

const ORG = { urn: "urn:li:organization:1048", name: "Trà Sữa Mây" };
const RECEIVED = new Date("2026-11-21T03:00:00Z");

describe("linkedinPostDocument / linkedinCommentDocument", () => {
  test("a post is a post on channel 12 by the organisation, linked to its update", () => {
    const post = { id: "urn:li:share:72", commentary: "Chúng tôi đang tuyển nhân viên pha chế", publishedAt: 1_795_140_000_000 };
    expect(linkedinPostDocument(ORG, post, RECEIVED)).toMatchObject({
      channel: CHANNEL_ID.linkedin,
      mentionType: MENTION_TYPE.post,
      url: "https://www.linkedin.com/feed/update/urn:li:share:72/",
      author: { id: ORG.urn, name: "Trà Sữa Mây", url: "https://www.linkedin.com/company/1048/" },
    });
    expect(linkedinPostDocument(ORG, { id: "urn:li:share:73" }, RECEIVED)).toBeNull();
  });

  test("a comment is its post's, its commenter known by URN, with its likes", () => {
    const comment = {
      $URN: "urn:li:comment:(urn:li:share:72,5)",
      actor: "urn:li:person:Hk3",
      message: { text: "Tôi đã gửi hồ sơ" },
      likesSummary: { totalLikes: 4 },
    };
    expect(linkedinCommentDocument(ORG, comment, "urn:li:share:72", RECEIVED)).toMatchObject({
      externalId: comment.$URN,
      mentionType: MENTION_TYPE.comment,
      parentExternalId: "urn:li:share:72",
      publishedAt: RECEIVED,
      author: { id: "urn:li:person:Hk3", name: null },
      metrics: { likes: 4 },
    });
  });
});
