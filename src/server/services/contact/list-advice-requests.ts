import type { Deps } from "../../deps.ts";

/** The newest advice requests from the landing page's contact form, newest first. */
export function listAdviceRequests(deps: Deps, limit: number) {
  return deps.db
    .selectFrom("contact_requests")
    .select(["id", "created_at", "full_name", "phone", "email", "company", "message", "lang", "ip"])
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
