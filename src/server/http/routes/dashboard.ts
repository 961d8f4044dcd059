import { Hono } from "hono";
import {
  compareProjects,
  getStats,
  cloudWords,
  numberMention,
  sentimentByProjects,
  topSources,
  trendDiscuss,
  trendSentiment,
} from "../../services/dashboard/index.ts";
import { hotMentions, latestMentions } from "../../services/mentions/index.ts";
import { API } from "../../../shared/api-contract.ts";
import type { AppEnv } from "../context.ts";
import { dashboardFigure as figure } from "../dashboard-figure.ts";
import { requireUser } from "../middleware/auth.ts";
import { apiDoc } from "../route-doc.ts";

export const dashboardRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get(
    "/stats",
    apiDoc({ summary: "The seven counters for the period and their change from the previous one", response: API.dashboardStats.response }),
    figure(getStats),
  )
  .get(
    "/trend-discuss",
    apiDoc({ summary: "Mentions over time, one series per project", response: API.trendDiscuss.response }),
    figure(trendDiscuss),
  )
  .get(
    "/trend-sentiment",
    apiDoc({ summary: "Mentions over time per sentiment", response: API.trendSentiment.response }),
    figure(trendSentiment),
  )
  .get(
    "/number-mention",
    apiDoc({ summary: "Mentions and interactions per channel", response: API.numberMention.response }),
    figure(numberMention),
  )
  .get(
    "/sentiment-by-projects",
    apiDoc({ summary: "Sentiment counts per project", response: API.sentimentByProjects.response }),
    figure(sentimentByProjects),
  )
  .get(
    "/top-words",
    apiDoc({
      summary:
        "Keywords and hashtags of the latest mentions, the projects' own keywords left out, each with the period's mentions holding it",
      response: API.topWords.response,
    }),
    figure(cloudWords),
  )
  .get(
    "/top-mention",
    apiDoc({ summary: "The sources with the most mentions and with the most interactions", response: API.topMention.response }),
    figure(topSources),
  )
  .get("/mention-latest", apiDoc({ summary: "The newest mentions", response: API.mentionLatest.response }), figure(latestMentions))
  .get(
    "/hot-mention",
    apiDoc({ summary: "The mentions with the most interactions", response: API.hotMention.response }),
    figure(hotMentions),
  )
  .get(
    "/get-data-dashboard",
    apiDoc({
      summary: "Share of voice, sentiment and interactions of the chosen projects side by side",
      response: API.compareProjects.response,
    }),
    figure(compareProjects),
  );
