import type { Deps } from "../../deps.ts";
import { exchangeLinkedinCode, LinkedinApiError, readAdministeredOrganizations } from "../../collectors/linkedin-api.ts";
import { type Callback, screen } from "./complete-meta-connection.ts";
import { takeConnectionState } from "./connection-states.ts";
import { linkedinRedirectUri } from "./start-linkedin-connection.ts";
import { storeConnection } from "./store-connection.ts";

/**
 * LinkedIn's redirect after its authorization page: the state must be one this server issued for LinkedIn (else a 403);
 * the code becomes the member's token, stored with the organisations the member administers, each a followed source.
 */
export async function completeLinkedinConnection(deps: Deps, callback: Callback): Promise<string> {
  const started = await takeConnectionState(deps, callback.state, "linkedin");
  const app = deps.config.linkedin;
  if (callback.error || !callback.code || !app) return screen(started, "denied");
  try {
    const token = await exchangeLinkedinCode(app, callback.code, linkedinRedirectUri(deps), deps.now());
    const { member, organizations } = await readAdministeredOrganizations(app, token.accessToken);
    if (!member || organizations.length === 0) return screen(started, "failed");
    const user = { id: member, name: organizations.map((o) => o.name).join(", ") };
    const id = await storeConnection(deps, "linkedin", { ...started, user, ...token });
    for (const organization of organizations)
      await deps.db
        .insertInto("connection_sources")
        .values({
          connection_id: id,
          account_id: started.accountId,
          project_id: started.projectId,
          kind: "linkedin_organization",
          external_id: organization.urn,
          name: organization.name,
          followed: true,
          created_at: deps.now(),
        })
        .onConflict((oc) => oc.columns(["connection_id", "kind", "external_id"]).doUpdateSet({ name: organization.name }))
        .execute();
    return screen(started, "connected");
  } catch (error) {
    if (!(error instanceof LinkedinApiError)) throw error;
    deps.log.warn("linkedin connection failed", { account: started.accountId, reason: error.message });
    return screen(started, "failed");
  }
}
