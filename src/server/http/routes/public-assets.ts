import { Hono } from "hono";
import { readAvatar } from "../../services/users/index.ts";
import { API } from "../../../shared/api-contract.ts";
import type { AppEnv } from "../context.ts";
import { ok } from "../envelope.ts";
import { apiDoc } from "../route-doc.ts";

export const publicRoutes = new Hono<AppEnv>()
  /** What the public pages need from the server's configuration: the hotline and the reCAPTCHA site key. */
  .get("/app-config", apiDoc({ summary: "Support hotline and reCAPTCHA site key", response: API.appConfig.response }), (c) => {
    const { config } = c.get("deps");
    return ok(c, { support_phone: config.supportPhone, recaptcha_site_key: config.recaptcha?.siteKey ?? null });
  })
  /** Avatars live under unguessable keys so <img> can load them without a token; served inert. */
  .get("/avatar/:key", apiDoc({ summary: "An avatar image under its unguessable key", produces: "image/*" }), async (c) => {
    const avatar = await readAvatar(c.get("deps"), c.req.param("key"));
    return c.body(new Uint8Array(avatar.bytes), 200, {
      "content-type": avatar.content_type,
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
    });
  });
