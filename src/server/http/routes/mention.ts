import { type } from "arktype";
import { Hono } from "hono";
import { DashboardQuery, id } from "../../../shared/schemas/dashboard.ts";
import { MentionQuery, ProjectItemsQuery } from "../../../shared/schemas/mention.ts";
import { parseOrThrow } from "../../errors.ts";
import {
  exportMentions,
  listMentions,
  mentionStats,
  sentimentReasons,
  storyMentions,
  undoEdit,
  updateMentions,
} from "../../services/mentions/index.ts";
import { listProjectItems } from "../../services/projects/index.ts";
import { API } from "../../../shared/api-contract.ts";
import type { AppEnv } from "../context.ts";
import { ok } from "../envelope.ts";
import { requireUser } from "../middleware/auth.ts";
import { apiDoc } from "../route-doc.ts";
import { validateJson } from "../validate.ts";
import { dashboardFigure } from "../dashboard-figure.ts";

const storyPath = type({ id });

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const mentionRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get(
    "/index",
    apiDoc({
      summary: "One page (20) of the filtered mentions and their total; with group=story, of stories",
      response: API.mentionIndex.response,
    }),
    dashboardFigure(listMentions),
  )
  .get(
    "/stats",
    apiDoc({ summary: "Counters of the filtered mentions", response: API.mentionStats.response }),
    dashboardFigure(mentionStats),
  )
  .post(
    "/update",
    apiDoc({ summary: "Change sentiment, status, sub brand or service of one or many mentions", response: API.updateMentions.response }),
    validateJson(API.updateMentions.body),
    async (c) => ok(c, await updateMentions(c.get("deps"), c.get("user"), c.req.valid("json"))),
  )
  .post(
    "/undo",
    apiDoc({
      summary: "Undo one edit of a project's mentions (each value back, unless changed again since)",
      response: API.undoEdit.response,
    }),
    validateJson(API.undoEdit.body),
    async (c) => ok(c, await undoEdit(c.get("deps"), c.get("user"), c.req.valid("json"))),
  )
  .get(
    "/story/:id",
    apiDoc({
      summary: "One page (20) of a story's mentions in the caller's projects, under the list's filters",
      response: API.storyMentions.response,
      query: DashboardQuery,
    }),
    async (c) =>
      ok(
        c,
        await storyMentions(
          c.get("deps"),
          c.get("user"),
          parseOrThrow(storyPath, c.req.param()).id,
          parseOrThrow(DashboardQuery, c.req.query()),
        ),
      ),
  )
  .get(
    "/sentiment-reasons",
    apiDoc({
      summary: "Why the model reads a mention as it does: probabilities and the words that pushed it",
      response: API.sentimentReasons.response,
      query: MentionQuery,
    }),
    async (c) => ok(c, await sentimentReasons(c.get("deps"), c.get("user"), parseOrThrow(MentionQuery, c.req.query()))),
  )
  .get(
    "/get-sub-brand",
    apiDoc({ summary: "A project's sub brands", response: API.subBrands.response, query: ProjectItemsQuery }),
    async (c) =>
      ok(c, await listProjectItems(c.get("deps"), c.get("user"), "sub_brands", parseOrThrow(ProjectItemsQuery, c.req.query()).project_id)),
  )
  .get("/get-service", apiDoc({ summary: "A project's services", response: API.services.response, query: ProjectItemsQuery }), async (c) =>
    ok(c, await listProjectItems(c.get("deps"), c.get("user"), "services", parseOrThrow(ProjectItemsQuery, c.req.query()).project_id)),
  )
  .get(
    "/export-excel",
    apiDoc({ summary: "The mentions of the list's filters (the same query as /index) as .xlsx", query: DashboardQuery, produces: XLSX }),
    async (c) => {
      const { file, filename } = await exportMentions(
        c.get("deps"),
        c.get("user"),
        parseOrThrow(DashboardQuery, c.req.query()),
        c.get("lang"),
      );
      return c.body(new Uint8Array(file), 200, {
        "content-type": XLSX,
        "content-disposition": `attachment; filename="${filename}"`,
      });
    },
  );
