import type { Deps } from "../../deps.ts";
import type { Lang } from "../../../i18n/index.ts";
import { AppError } from "../../errors.ts";
import type { AuthUser } from "../auth/index.ts";
import { issueConnectionState } from "./connection-states.ts";
import { assertOwnedProject } from "./owned-project.ts";

/** The permissions docs/channels/meta.md names for reading a page's and its Instagram account's conversation. */
export const META_SCOPES = [
  "pages_show_list",
  "pages_read_engagement",
  "pages_read_user_content",
  "pages_manage_metadata",
  "instagram_basic",
  "instagram_manage_comments",
];

/** Where Meta sends the customer back after the login dialog. */
export const metaRedirectUri = (deps: Deps) => `${deps.config.publicUrl}/api/connections/meta/callback`;

/** Meta's login dialog for this project, with a fresh single-use state. */
export async function startMetaConnection(deps: Deps, user: AuthUser, projectId: number, lang: Lang): Promise<string> {
  await assertOwnedProject(deps, user.id, projectId);
  const meta = deps.config.meta;
  if (!meta) throw AppError.of(409, "connections.not_configured");
  const state = await issueConnectionState(deps, { sessionId: user.sessionId, accountId: user.id, projectId, lang });
  const url = new URL(meta.oauthUrl);
  url.searchParams.set("client_id", meta.appId);
  url.searchParams.set("redirect_uri", metaRedirectUri(deps));
  url.searchParams.set("state", state);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", META_SCOPES.join(","));
  return url.toString();
}
