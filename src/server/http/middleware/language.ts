import { createMiddleware } from "hono/factory";
import type { Lang } from "../../../i18n/index.ts";
import type { AppEnv } from "../context.ts";

/** Messages are Vietnamese unless the client asks for English first. */
function requestLanguage(header: string | undefined): Lang {
  const first = header?.split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("en") ? "en" : "vi";
}

export const language = createMiddleware<AppEnv>(async (c, next) => {
  c.set("lang", requestLanguage(c.req.header("accept-language")));
  await next();
});
