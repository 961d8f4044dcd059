import { Hono } from "hono";
import { type } from "arktype";
import { ProjectNameBody } from "../../../shared/schemas/project.ts";
import { showNotificationSettings, updateNotificationSettings, sendTestAlert } from "../../services/notifications/index.ts";
import { showReportHistory, previewReport } from "../../services/reports/index.ts";
import { ReportPreviewQuery } from "../../../shared/schemas/report.ts";
import {
  createProject,
  dataStatus,
  getBrands,
  listUserProjects,
  previewRules,
  scanData,
  showProject,
  updateProjectName,
  updateProject,
} from "../../services/projects/index.ts";
import { AppError, parseOrThrow } from "../../errors.ts";
import { ProjectNameSchema } from "../../../shared/schemas/answers.ts";
import { API } from "../../../shared/api-contract.ts";
import type { AppEnv } from "../context.ts";
import { ok } from "../envelope.ts";
import { requireUser } from "../middleware/auth.ts";
import { validateJson } from "../validate.ts";
import { apiDoc } from "../route-doc.ts";

const ProjectId = type("string.integer.parse").pipe(type("number.integer > 0"));

function projectId(raw: string): number {
  const id = ProjectId(raw);
  if (id instanceof type.errors) throw AppError.of(404, "project.not_found");
  return id;
}

// Mounted at the API root, so the guard goes on each route rather than on every path of the API.
export const projectRoutes = new Hono<AppEnv>()
  .get("/get-brands", apiDoc({ summary: "Brand catalogue id → label", response: API.getBrands.response }), requireUser, async (c) =>
    ok(c, await getBrands(c.get("deps"), c.get("user").id, c.get("lang"))),
  )
  .get(
    "/project",
    apiDoc({ summary: "The user's project, brands and remaining keyword updates", response: API.showProject.response }),
    requireUser,
    async (c) => ok(c, await showProject(c.get("deps"), c.get("user").id, c.get("lang"))),
  )
  .get(
    "/project/list-user-projects",
    apiDoc({ summary: "The brand project and its competitors", response: API.listUserProjects.response }),
    requireUser,
    async (c) => ok(c, await listUserProjects(c.get("deps"), c.get("user").id)),
  )
  .get(
    "/project/data-status",
    apiDoc({
      summary: "Where the projects' data stands: mentions so far, the keyword scan, collection, ingest keys",
      response: API.dataStatus.response,
    }),
    requireUser,
    async (c) => ok(c, await dataStatus(c.get("deps"), c.get("user").id)),
  )
  .post(
    "/project",
    apiDoc({ summary: "Create the brand project and 0–2 competitors", response: API.createProject.response }),
    requireUser,
    validateJson(API.createProject.body),
    async (c) => ok(c, await createProject(c.get("deps"), c.get("user").id, c.req.valid("json"))),
  )
  .put(
    "/project/update-name/:id",
    apiDoc({ summary: "Rename one of the user's projects", response: ProjectNameSchema }),
    requireUser,
    validateJson(ProjectNameBody),
    async (c) => ok(c, await updateProjectName(c.get("deps"), c.get("user").id, projectId(c.req.param("id")), c.req.valid("json").name)),
  )
  .put(
    "/project/:id",
    apiDoc({ summary: "Update the brand project and competitors", response: API.updateProject.response }),
    requireUser,
    validateJson(API.updateProject.body),
    async (c) => ok(c, await updateProject(c.get("deps"), c.get("user").id, projectId(c.req.param("id")), c.req.valid("json"))),
  )
  .post(
    "/project/preview",
    apiDoc({
      summary: "What the form's rules would match over the last 30 days, per brand, against the saved rules; saves nothing",
      response: API.previewProject.response,
    }),
    requireUser,
    validateJson(API.previewProject.body),
    async (c) => ok(c, await previewRules(c.get("deps"), c.get("user").id, c.req.valid("json"))),
  )
  .post(
    "/scan-data",
    apiDoc({ summary: "Link the last 30 days of the pool; names of projects still without data", response: API.scanData.response }),
    requireUser,
    async (c) => ok(c, await scanData(c.get("deps"), c.get("user").id)),
  )
  .get(
    "/notification",
    apiDoc({ summary: "Report frequency, phones and e-mails", response: API.showNotification.response }),
    requireUser,
    async (c) => ok(c, await showNotificationSettings(c.get("deps"), c.get("user").id)),
  )
  .put(
    "/notification",
    apiDoc({ summary: "Update report frequency, phones and e-mails", response: API.updateNotification.response }),
    requireUser,
    validateJson(API.updateNotification.body),
    async (c) => ok(c, await updateNotificationSettings(c.get("deps"), c.get("user").id, c.req.valid("json"))),
  )
  .post(
    "/notification/test-alert",
    apiDoc({
      summary: "Send a test alert to one saved phone or e-mail; delivered is false where the server only logs messages",
      response: API.testAlert.response,
    }),
    requireUser,
    validateJson(API.testAlert.body),
    async (c) => ok(c, await sendTestAlert(c.get("deps"), c.get("user").id, c.req.valid("json"))),
  )
  .get(
    "/notification/history",
    apiDoc({
      summary: "The project's latest report deliveries, each recipient's latest attempt",
      response: API.notificationHistory.response,
    }),
    requireUser,
    async (c) => ok(c, await showReportHistory(c.get("deps"), c.get("user").id)),
  )
  .get(
    "/notification/preview",
    apiDoc({
      summary: "The last period's report e-mail as it will arrive",
      response: API.notificationPreview.response,
      query: ReportPreviewQuery,
    }),
    requireUser,
    async (c) => ok(c, await previewReport(c.get("deps"), c.get("user").id, parseOrThrow(ReportPreviewQuery, c.req.query()))),
  );
