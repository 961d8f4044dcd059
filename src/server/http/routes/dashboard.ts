import { Hono, type Context } from "hono";
import type { Kysely } from "kysely";
import { DashboardQuery } from "../../../shared/schemas/dashboard.ts";
import type { Database } from "../../db/schema.ts";
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
import { resolveFilters, type Filters } from "../../services/dashboard/resolve-filters.ts";
import { hotMentions, latestMentions, listMentions, mentionStats } from "../../services/mentions/list-mentions.ts";
import type { AppEnv } from "../context.ts";
import { ok } from "../envelope.ts";
import { requireUser } from "../middleware/auth.ts";
import { parseOrThrow, validateJson } from "../validate.ts";
import { type } from "arktype";
import { MentionUpdateBody } from "../../../shared/schemas/mention.ts";
import { exportMentions } from "../../services/mentions/export-mentions.ts";
import { listProjectItems } from "../../services/mentions/project-lists.ts";
import { updateMentions } from "../../services/mentions/update-mentions.ts";

type Figure = (db: Kysely<Database>, filters: Filters) => Promise<unknown>;

/** Validate the filters, keep them to the caller's projects and channels, compute the figure. */
const figure = (compute: Figure) => async (c: Context<AppEnv>) => {
  const query = parseOrThrow(DashboardQuery, c.req.query());
  const deps = c.get("deps");
  return ok(c, await compute(deps.db, await resolveFilters(deps, c.get("user"), query)));
};

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

const projectQuery = type({ "project_id?": "string.integer.parse" });

export const mentionRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/index", figure(listMentions))
  .get("/stats", figure(mentionStats))
  .post("/update", validateJson(MentionUpdateBody), async (c) => ok(c, await updateMentions(c.get("deps"), c.get("user"), c.req.valid("json"))))
  .get("/get-sub-brand", async (c) => ok(c, await listProjectItems(c.get("deps"), c.get("user"), "sub_brands", parseOrThrow(projectQuery, c.req.query()).project_id)))
  .get("/get-service", async (c) => ok(c, await listProjectItems(c.get("deps"), c.get("user"), "services", parseOrThrow(projectQuery, c.req.query()).project_id)))
  .get("/export-excel", async (c) => {
    const { file, filename } = await exportMentions(c.get("deps"), c.get("user"), c.req.query(), c.get("lang"));
    return c.body(new Uint8Array(file), 200, {
      "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-disposition": `attachment; filename="${filename}"`,
    });
  });
