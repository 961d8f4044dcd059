import { Hono } from "hono";
import { type } from "arktype";
import { NotificationBody, ProjectBody, ProjectNameBody } from "../../../shared/schemas/project.ts";
import { showNotificationSettings, updateNotificationSettings } from "../../services/notifications/notification-settings.ts";
import { createProject } from "../../services/projects/create-project.ts";
import { getBrands } from "../../services/projects/get-brands.ts";
import { listUserProjects } from "../../services/projects/list-user-projects.ts";
import { scanData } from "../../services/projects/scan-data.ts";
import { showProject } from "../../services/projects/show-project.ts";
import { updateProjectName } from "../../services/projects/update-project-name.ts";
import { updateProject } from "../../services/projects/update-project.ts";
import { AppError } from "../../errors.ts";
import type { AppEnv } from "../context.ts";
import { ok } from "../envelope.ts";
import { requireUser } from "../middleware/auth.ts";
import { validateJson } from "../validate.ts";

const ProjectId = type("string.integer.parse").pipe(type("number.integer > 0"));

function projectId(raw: string): number {
  const id = ProjectId(raw);
  if (id instanceof type.errors) throw AppError.of(404, "project.not_found");
  return id;
}

// Mounted at the API root, so the guard goes on each route rather than on every path of the API.
export const projectRoutes = new Hono<AppEnv>()
  .get("/get-brands", requireUser, async (c) => ok(c, await getBrands(c.get("deps"))))
  .get("/project", requireUser, async (c) => ok(c, await showProject(c.get("deps"), c.get("user").id)))
  .get("/project/list-user-projects", requireUser, async (c) => ok(c, await listUserProjects(c.get("deps"), c.get("user").id)))
  .post("/project", requireUser, validateJson(ProjectBody), async (c) => ok(c, await createProject(c.get("deps"), c.get("user").id, c.req.valid("json"))))
  .put("/project/update-name/:id", requireUser, validateJson(ProjectNameBody), async (c) =>
    ok(c, await updateProjectName(c.get("deps"), c.get("user").id, projectId(c.req.param("id")), c.req.valid("json").name)),
  )
  .put("/project/:id", requireUser, validateJson(ProjectBody), async (c) =>
    ok(c, await updateProject(c.get("deps"), c.get("user").id, projectId(c.req.param("id")), c.req.valid("json"))),
  )
  .post("/scan-data", requireUser, async (c) => ok(c, await scanData(c.get("deps"), c.get("user").id)))
  .get("/notification", requireUser, async (c) => ok(c, await showNotificationSettings(c.get("deps"), c.get("user").id)))
  .put("/notification", requireUser, validateJson(NotificationBody), async (c) => ok(c, await updateNotificationSettings(c.get("deps"), c.get("user").id, c.req.valid("json"))));
