import type { Deps } from "../../deps.ts";
import type { Lang } from "../../../i18n/index.ts";
import type { AuthUser } from "../auth/index.ts";
import { openDialog } from "./open-dialog.ts";

/** Community Management API permissions (docs/channels/linkedin.md): the organisations' posts and comments, and which organisations the member administers. */
export const LINKEDIN_SCOPES = ["r_organization_social", "rw_organization_admin"];

export const linkedinRedirectUri = (deps: Deps) => `${deps.config.publicUrl}/api/connections/linkedin/callback`;

/** LinkedIn's authorization page for this project, with a fresh single-use state; LinkedIn separates scopes by spaces. */
export async function startLinkedinConnection(deps: Deps, user: AuthUser, projectId: number, lang: Lang): Promise<string> {
  const dialog = {
    provider: "linkedin" as const,
    app: deps.config.linkedin,
    redirectUri: linkedinRedirectUri(deps),
    scopes: LINKEDIN_SCOPES,
  };
  const location = new URL(await openDialog(deps, user, projectId, lang, dialog));
  location.searchParams.set("scope", LINKEDIN_SCOPES.join(" "));
  return location.toString();
}
