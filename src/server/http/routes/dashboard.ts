import { Hono, type Context } from "hono";
import {
  compareProjects,
  getStats,
  getTopWords,
  numberMention,
  sentimentByProjects,
  topSources,
  trendDiscuss,
  trendSentiment,
} from "../../services/dashboard/overview-figures.ts";
import { hotMentions, latestMentions } from "../../services/mentions/list-mentions.ts";
import { computeFigure, type Figure } from "../../services/mention-query/compute-figure.ts";
import type { AppEnv } from "../context.ts";
import { ok } from "../envelope.ts";
import { requireUser } from "../middleware/auth.ts";

/** A route answering one figure over the dashboard filters of its query string. */
export const figure = (compute: Figure) => async (c: Context<AppEnv>) => ok(c, await computeFigure(c.get("deps"), c.get("user"), c.req.query(), compute));

export const dashboardRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/stats", figure(getStats))
  .get("/trend-discuss", figure(trendDiscuss))
  .get("/trend-sentiment", figure(trendSentiment))
  .get("/number-mention", figure(numberMention))
  .get("/sentiment-by-projects", figure(sentimentByProjects))
  .get("/top-words", figure(getTopWords))
  .get("/top-mention", figure(topSources))
  .get("/mention-latest", figure(latestMentions))
  .get("/hot-mention", figure(hotMentions))
  .get("/get-data-dashboard", figure(compareProjects));
