import { Hono, type Context } from "hono";
import { createMiddleware } from "hono/factory";
import { type } from "arktype";
import { ZaloEventBody } from "../../../shared/schemas/zalo.ts";
import { checkZaloSignature, receiveZaloEvent } from "../../services/connections/index.ts";
import type { AppEnv } from "../context.ts";
import { ok } from "../envelope.ts";
import { apiDoc, readingJson, securedBy } from "../route-doc.ts";

/** The signature is checked on the raw bytes, before anything parses them. */
const signedByZalo = securedBy(
  "zaloSignature",
  createMiddleware<AppEnv>(async (c, next) => {
    checkZaloSignature(c.get("deps"), await c.req.text(), c.req.header("x-zevent-signature"));
    await next();
  }),
);

/** Zalo's webhook for Official Accounts (docs/channels/zalo.md): one signed event per request. */
export const zaloWebhookRoutes = new Hono<AppEnv>().post(
  "/",
  apiDoc({
    summary: "A signed Zalo OA event: a follower's message to a connected OA becomes the connecting accounts' private mention",
    response: type({ documents: "number" }),
  }),
  signedByZalo,
  readingJson(ZaloEventBody, async (c: Context<AppEnv>) => ok(c, await receiveZaloEvent(c.get("deps"), await c.req.text()))),
);
