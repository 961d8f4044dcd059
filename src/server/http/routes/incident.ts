import { Hono, type Context } from "hono";
import { fromQuery } from "../query-route.ts";
import {
  CrisisSettingsQuery,
  IncidentListQuery,
  IncidentMentionsQuery,
  IncidentPath,
  IncidentQuery,
} from "../../../shared/schemas/incident.ts";
import { parseOrThrow } from "../../errors.ts";
import {
  changeAttachments,
  computeIncidentFigure,
  createIncident,
  exportIncident,
  incidentHistory,
  incidentMentions,
  incidentFigures as figures,
  addSolution,
  listSolutions,
  listIncidents,
  mergeIncidents,
  showIncident,
  updateIncident,
  showCrisisSettings,
  updateCrisisSettings,
} from "../../services/crisis/index.ts";
import { IncidentDetailSchema } from "../../../shared/schemas/incident-answers.ts";
import { API } from "../../../shared/api-contract.ts";
import type { AppEnv } from "../context.ts";
import { ok } from "../envelope.ts";
import { requireUser } from "../middleware/auth.ts";
import { apiDoc } from "../route-doc.ts";
import { validateJson } from "../validate.ts";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A route answering one overview figure over a crisis's mentions (`id` and optional `project_id` in the query). */
const figure = (compute: figures.IncidentFigure) =>
  fromQuery(IncidentQuery, (c, query) => computeIncidentFigure(c.get("deps"), c.get("user"), query, compute));
const pathId = (c: Context<AppEnv>) => parseOrThrow(IncidentPath, c.req.param()).id;

/** Crisis management (spec §7 "Incident"): the incidents of the caller's projects. */
export const incidentRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get(
    "/index",
    apiDoc({
      summary: "One page of the caller's incidents, by status (0 in progress, 1 done) and period",
      response: API.incidentIndex.response,
      query: IncidentListQuery,
    }),
    async (c) => ok(c, await listIncidents(c.get("deps"), c.get("user"), parseOrThrow(IncidentListQuery, c.req.query()))),
  )
  .get(
    "/show",
    apiDoc({
      summary: "One incident with its mention count and its project's detection settings",
      response: API.incidentShow.response,
      query: IncidentQuery,
    }),
    async (c) => {
      const query = parseOrThrow(IncidentQuery, c.req.query());
      return ok(c, await showIncident(c.get("deps"), c.get("user"), query.id, query.project_id));
    },
  )
  .get("/info/:id", apiDoc({ summary: "One incident (by path)", response: IncidentDetailSchema }), async (c) =>
    ok(c, await showIncident(c.get("deps"), c.get("user"), pathId(c))),
  )
  .get(
    "/stats",
    apiDoc({
      summary: "The counters of the crisis's mentions (the attached ones the caller may see)",
      response: API.incidentStats.response,
    }),
    figure(figures.incidentStats),
  )
  .get(
    "/sentiment-development",
    apiDoc({
      summary: "The crisis's mentions per sentiment over its period, with the project's usual negative level",
      response: API.incidentSentimentDevelopment.response,
    }),
    figure(figures.sentimentDevelopment),
  )
  .get(
    "/index-sentiment",
    apiDoc({ summary: "The crisis's mentions per sentiment", response: API.incidentSentiment.response }),
    figure(figures.indexSentiment),
  )
  .get(
    "/index-sentiment-channel",
    apiDoc({ summary: "The crisis's mentions per channel and sentiment", response: API.incidentSentimentByChannel.response }),
    figure(figures.indexSentimentChannel),
  )
  .get(
    "/hot-sentiment",
    apiDoc({ summary: "The negative mentions with the most interactions", response: API.incidentHotNegative.response }),
    figure(figures.hotNegative),
  )
  .get(
    "/mention-hot-new",
    apiDoc({ summary: "The newest mentions of the incident", response: API.incidentNewest.response }),
    figure(figures.newestHot),
  )
  .get(
    "/trending-mention-interaction",
    apiDoc({ summary: "The mentions with the most interactions", response: API.incidentTrending.response }),
    figure(figures.trendingByInteraction),
  )
  .get(
    "/hot-pages",
    apiDoc({ summary: "The sources with the most mentions", response: API.incidentHotPages.response }),
    figure(figures.hotPages),
  )
  .get(
    "/hot-topics",
    apiDoc({ summary: "The stories of the crisis's mentions, most copies first", response: API.incidentHotTopics.response }),
    figure(figures.hotTopics),
  )
  .get(
    "/word-cloud",
    apiDoc({ summary: "Keywords of the incident's mentions", response: API.incidentWordCloud.response }),
    figure(figures.wordCloud),
  )
  .get(
    "/mentions",
    apiDoc({
      summary: "One page (20) of the crisis's mentions (attached to it)",
      response: API.incidentMentions.response,
      query: IncidentMentionsQuery,
    }),
    async (c) => ok(c, await incidentMentions(c.get("deps"), c.get("user"), parseOrThrow(IncidentMentionsQuery, c.req.query()))),
  )
  .get(
    "/solution-evaluation/:id",
    apiDoc({ summary: "The solutions tried on an incident and their evaluations", response: API.incidentSolutions.response }),
    async (c) => ok(c, await listSolutions(c.get("deps"), c.get("user"), pathId(c))),
  )
  .post(
    "/solution-evaluation/:id",
    apiDoc({ summary: "Record a solution and its evaluation", response: API.addIncidentSolution.response }),
    validateJson(API.addIncidentSolution.body),
    async (c) => ok(c, await addSolution(c.get("deps"), c.get("user"), pathId(c), c.req.valid("json"))),
  )
  .get(
    "/update-history/:id",
    apiDoc({ summary: "Every change of an incident: who, when, what, old → new", response: API.incidentHistory.response }),
    async (c) => ok(c, await incidentHistory(c.get("deps"), c.get("user"), pathId(c))),
  )
  .post(
    "/update",
    apiDoc({ summary: "Rename, describe, confirm, dismiss, close or reopen an incident", response: API.updateIncident.response }),
    validateJson(API.updateIncident.body),
    async (c) => ok(c, await updateIncident(c.get("deps"), c.get("user"), c.req.valid("json"))),
  )
  .post(
    "/create",
    apiDoc({ summary: "Open an incident by hand", response: API.createIncident.response }),
    validateJson(API.createIncident.body),
    async (c) => ok(c, await createIncident(c.get("deps"), c.get("user"), c.req.valid("json"))),
  )
  .post(
    "/merge",
    apiDoc({ summary: "Merge an incident into another of the same project", response: API.mergeIncident.response }),
    validateJson(API.mergeIncident.body),
    async (c) => ok(c, await mergeIncidents(c.get("deps"), c.get("user"), c.req.valid("json"))),
  )
  .post(
    "/attach",
    apiDoc({ summary: "Attach mentions (or whole stories) of the project to an incident", response: API.attachMentions.response }),
    validateJson(API.attachMentions.body),
    async (c) => ok(c, await changeAttachments(c.get("deps"), c.get("user"), c.req.valid("json"), "attach")),
  )
  .post(
    "/detach",
    apiDoc({ summary: "Detach mentions (or whole stories) from an incident", response: API.detachMentions.response }),
    validateJson(API.detachMentions.body),
    async (c) => ok(c, await changeAttachments(c.get("deps"), c.get("user"), c.req.valid("json"), "detach")),
  )
  .get(
    "/settings",
    apiDoc({ summary: "A project's crisis detection settings", response: API.crisisSettings.response, query: CrisisSettingsQuery }),
    async (c) => ok(c, await showCrisisSettings(c.get("deps"), c.get("user"), parseOrThrow(CrisisSettingsQuery, c.req.query()).project_id)),
  )
  .post(
    "/settings",
    apiDoc({
      summary: "Set a project's sensitivity, minimum volume, cooldown and calm hours",
      response: API.updateCrisisSettings.response,
    }),
    validateJson(API.updateCrisisSettings.body),
    async (c) => ok(c, await updateCrisisSettings(c.get("deps"), c.get("user"), c.req.valid("json"))),
  )
  .get(
    "/export-excel",
    apiDoc({ summary: "The incident and the crisis's mentions as .xlsx", query: IncidentQuery, produces: XLSX }),
    async (c) => {
      const { file, filename } = await exportIncident(
        c.get("deps"),
        c.get("user"),
        parseOrThrow(IncidentQuery, c.req.query()),
        c.get("lang"),
      );
      return c.body(new Uint8Array(file), 200, { "content-type": XLSX, "content-disposition": `attachment; filename="${filename}"` });
    },
  );
