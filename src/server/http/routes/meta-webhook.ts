import { Hono, type Context } from "hono";
import { createMiddleware } from "hono/factory";
import { type } from "arktype";
import { MetaDeliveryBody, MetaHandshakeQuery } from "../../../shared/schemas/connections.ts";
import { checkMetaSignature, metaHandshake, receiveMetaDelivery } from "../../services/connections/index.ts";
import type { AppEnv } from "../context.ts";
import { ok, plainText } from "../envelope.ts";
import { apiDoc, readingJson, readingQuery, securedBy } from "../route-doc.ts";

/** The signature is checked on the raw bytes, before anything parses them. */
const signedByMeta = securedBy(
  "metaSignature",
  createMiddleware<AppEnv>(async (c, next) => {
    checkMetaSignature(c.get("deps"), await c.req.text(), c.req.header("x-hub-signature-256"));
    await next();
  }),
);

/** Meta's webhooks for pages (docs/channels/meta.md): the verification request and the signed deliveries. */
export const metaWebhookRoutes = new Hono<AppEnv>()
  .get(
    "/",
    apiDoc({ summary: "Meta's verification request: the challenge back for our verify token", produces: "text/plain" }),
    readingQuery(MetaHandshakeQuery, (c) => plainText(c, metaHandshake(c.get("deps"), c.req.query()))),
  )
  .post(
    "/",
    apiDoc({
      summary: "A signed delivery: followed pages' new posts and comments become the following accounts' mentions",
      response: type({ documents: "number" }),
    }),
    signedByMeta,
    readingJson(MetaDeliveryBody, async (c: Context<AppEnv>) => ok(c, await receiveMetaDelivery(c.get("deps"), await c.req.text()))),
  );
