import { type } from "arktype";
import { Hono } from "hono";
import { MentionUpdateBody } from "../../../shared/schemas/mention.ts";
import { parseOrThrow } from "../../errors.ts";
import { exportMentions } from "../../services/mentions/export-mentions.ts";
import { listMentions, mentionStats } from "../../services/mentions/list-mentions.ts";
import { listProjectItems } from "../../services/mentions/project-lists.ts";
import { updateMentions } from "../../services/mentions/update-mentions.ts";
import type { AppEnv } from "../context.ts";
import { ok } from "../envelope.ts";
import { requireUser } from "../middleware/auth.ts";
import { validateJson } from "../validate.ts";
import { figure } from "./dashboard.ts";

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
