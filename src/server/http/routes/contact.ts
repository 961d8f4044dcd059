import { Hono } from "hono";
import { typicalCustomers } from "../../../content/typical-customers.ts";
import { AdviseEmailBody } from "../../../shared/schemas/contact.ts";
import { submitAdviceRequest } from "../../services/contact/submit-advice-request.ts";
import type { AppEnv } from "../context.ts";
import { ok } from "../envelope.ts";
import { validateJson } from "../validate.ts";

/** The landing page's public calls: the typical customers and the contact form. */
export const contactRoutes = new Hono<AppEnv>()
  .get("/typical_customer", (c) => ok(c, typicalCustomers(c.get("lang"))))
  .post("/advise-email", validateJson(AdviseEmailBody), async (c) =>
    ok(c, await submitAdviceRequest(c.get("deps"), c.req.valid("json"), { ip: c.get("clientIp"), lang: c.get("lang") })),
  );
