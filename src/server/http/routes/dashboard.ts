import { Hono, type Context } from "hono";
import { DashboardQuery } from "../../../shared/schemas/dashboard.ts";
import {
  compareProjects,
  getStats,
  cloudWords,
  numberMention,
  sentimentByProjects,
  topSources,
  trendDiscuss,
  trendSentiment,
} from "../../services/dashboard/overview-figures.ts";
import { hotMentions, latestMentions } from "../../services/mentions/list-mentions.ts";
import { computeFigure, type Figure } from "../../services/mention-query/compute-figure.ts";
import {
  ChannelFigureSchema,
  DashboardStatsSchema,
  ProjectComparisonSchema,
  ProjectSentimentSchema,
  StoryMentionSchema,
  TimeSeriesSchema,
  TopSourcesSchema,
  TopWordsSchema,
} from "../../../shared/api-types.ts";
import type { AppEnv } from "../context.ts";
import { ok } from "../envelope.ts";
import { requireUser } from "../middleware/auth.ts";
import { apiDoc, readingQuery } from "../route-doc.ts";

/** A route answering one figure over the dashboard filters of its query string. */
export const figure = (compute: Figure) =>
  readingQuery(DashboardQuery, async (c: Context<AppEnv>) =>
    ok(c, await computeFigure(c.get("deps"), c.get("user"), c.req.query(), compute)),
  );

export const dashboardRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get(
    "/stats",
    apiDoc({ summary: "The seven counters for the period and their change from the previous one", response: DashboardStatsSchema }),
    figure(getStats),
  )
  .get(
    "/trend-discuss",
    apiDoc({ summary: "Mentions over time, one series per project", response: TimeSeriesSchema }),
    figure(trendDiscuss),
  )
  .get("/trend-sentiment", apiDoc({ summary: "Mentions over time per sentiment", response: TimeSeriesSchema }), figure(trendSentiment))
  .get(
    "/number-mention",
    apiDoc({ summary: "Mentions and interactions per channel", response: ChannelFigureSchema.array() }),
    figure(numberMention),
  )
  .get(
    "/sentiment-by-projects",
    apiDoc({ summary: "Sentiment counts per project", response: ProjectSentimentSchema.array() }),
    figure(sentimentByProjects),
  )
  .get(
    "/top-words",
    apiDoc({
      summary:
        "Keywords and hashtags of the latest mentions, the projects' own keywords left out, each with the period's mentions holding it",
      response: TopWordsSchema,
    }),
    figure(cloudWords),
  )
  .get(
    "/top-mention",
    apiDoc({ summary: "The sources with the most mentions and with the most interactions", response: TopSourcesSchema }),
    figure(topSources),
  )
  .get("/mention-latest", apiDoc({ summary: "The newest mentions", response: StoryMentionSchema.array() }), figure(latestMentions))
  .get(
    "/hot-mention",
    apiDoc({ summary: "The mentions with the most interactions", response: StoryMentionSchema.array() }),
    figure(hotMentions),
  )
  .get(
    "/get-data-dashboard",
    apiDoc({
      summary: "Share of voice, sentiment and interactions of the chosen projects side by side",
      response: ProjectComparisonSchema.array(),
    }),
    figure(compareProjects),
  );
