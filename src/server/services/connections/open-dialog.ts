import type { GraphApp } from "../../config.ts";
import type { ConnectionProvider } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import type { Lang } from "../../../i18n/index.ts";
import { AppError } from "../../errors.ts";
import type { AuthUser } from "../auth/index.ts";
import { issueConnectionState } from "./connection-states.ts";
import { assertOwnedProject } from "./owned-project.ts";

type Dialog = { provider: ConnectionProvider; app: GraphApp | null; redirectUri: string; scopes: string[] };

/** The provider's consent dialog for this project (its app configured, else a 409), with a fresh single-use state. */
export async function openDialog(deps: Deps, user: AuthUser, projectId: number, lang: Lang, dialog: Dialog): Promise<string> {
  await assertOwnedProject(deps, user.id, projectId);
  if (!dialog.app) throw AppError.of(409, "connections.not_configured");
  const state = await issueConnectionState(deps, { sessionId: user.sessionId, accountId: user.id, projectId, lang }, dialog.provider);
  const url = new URL(dialog.app.oauthUrl);
  url.searchParams.set("client_id", dialog.app.appId);
  url.searchParams.set("redirect_uri", dialog.redirectUri);
  url.searchParams.set("state", state);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", dialog.scopes.join(","));
  return url.toString();
}
