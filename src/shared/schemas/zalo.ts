import { type } from "arktype";

/** Where Zalo's permission page sends the customer back: the code, the OA, our state; an error when refused. */
export const ZaloCallbackQuery = type({
  "code?": type("string > 0").atMostLength(2000),
  "state?": type("string > 0").atMostLength(200),
  "oa_id?": type("string").atMostLength(100),
  "code_challenge?": type("string").atMostLength(200),
  "error?": type("string").atMostLength(200),
  "error_reason?": type("string").atMostLength(500),
});

const Attachment = type({ "type?": "string", "payload?": { "url?": "string", "thumbnail?": "string", "description?": "string" } });

/**
 * A Zalo OA webhook event as documented (docs/channels/zalo.md): its name, app, time (milliseconds, a string), and for
 * a follower's message its sender, the OA as recipient and the message; follow/unfollow name the follower and OA.
 */
export const ZaloEventBody = type({
  event_name: "string > 0",
  "app_id?": "string",
  timestamp: "string | number",
  "oa_id?": "string",
  "sender?": { id: "string" },
  "recipient?": { id: "string" },
  "follower?": { id: "string" },
  "message?": { "msg_id?": "string", "text?": "string", "attachments?": Attachment.array() },
  "user_id_by_app?": "string",
});
export type ZaloEvent = typeof ZaloEventBody.infer;
