import { Hono } from "hono";
import { changeAvatar, requestUpgrade, showUser, updateUserInfo } from "../../services/users/index.ts";
import { changePassword } from "../../services/auth/index.ts";
import { AppError } from "../../errors.ts";
import { API } from "../../../shared/api-contract.ts";
import type { AppEnv } from "../context.ts";
import { ok } from "../envelope.ts";
import { requireUser } from "../middleware/auth.ts";
import { validateJson } from "../validate.ts";
import { apiDoc } from "../route-doc.ts";

export const userRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/show", apiDoc({ summary: "The signed-in user", response: API.showUser.response }), async (c) =>
    ok(c, await showUser(c.get("deps"), c.get("user").id)),
  )
  .post(
    "/update-info",
    apiDoc({ summary: "Full name, phone, company, e-mail", response: API.updateInfo.response }),
    validateJson(API.updateInfo.body),
    async (c) => ok(c, await updateUserInfo(c.get("deps"), c.get("user").id, c.req.valid("json"))),
  )
  .post(
    "/change-password",
    apiDoc({ summary: "Old and new password", response: API.changePassword.response }),
    validateJson(API.changePassword.body),
    async (c) => {
      await changePassword(c.get("deps"), c.get("user"), c.req.valid("json"));
      return ok(c, {});
    },
  )
  .post(
    "/change-avatar",
    apiDoc({ summary: "A new avatar: JPEG, PNG or WebP up to 2 MB", response: API.changeAvatar.response, upload: "avatar" }),
    async (c) => {
      const body = await c.req.parseBody().catch(() => {
        throw AppError.of(422, "validation.bad_upload", undefined, "avatar");
      });
      const file = body.avatar instanceof File ? body.avatar : undefined;
      return ok(c, await changeAvatar(c.get("deps"), c.get("user").id, file));
    },
  )
  .post("/upgrade-account", apiDoc({ summary: "Ask staff for the contracted plan", response: API.requestUpgrade.response }), async (c) =>
    ok(c, await requestUpgrade(c.get("deps"), c.get("user").id)),
  );
