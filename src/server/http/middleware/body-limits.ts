import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { MAX_AVATAR_BYTES } from "../../services/users/index.ts";
import { AppError } from "../../errors.ts";
import type { AppEnv } from "../context.ts";

const KB = 1024;
const MB = 1024 * KB;

const limit = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw AppError.of(413, "error.payload_too_large");
    },
  });

/**
 * Forms and filters are small; only the ingest batch (docs/api/ingest.md), the avatar upload and Meta's webhook
 * deliveries (which batch changes of several pages) are allowed more.
 */
const DEFAULT_LIMIT = limit(64 * KB);
const LARGER_LIMITS = new Map([
  ["/api/ingest", limit(5 * MB)],
  ["/api/user/change-avatar", limit(MAX_AVATAR_BYTES + 64 * KB)],
  ["/api/webhooks/meta", limit(1 * MB)],
]);

export const bodyLimits = createMiddleware<AppEnv>((c, next) => (LARGER_LIMITS.get(c.req.path) ?? DEFAULT_LIMIT)(c, next));
