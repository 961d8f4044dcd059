import { createHash, randomBytes } from "node:crypto";
import type { Lang } from "../../../i18n/index.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import type { AuthUser } from "../auth/index.ts";
import { issueConnectionState } from "./connection-states.ts";
import { assertOwnedProject } from "./owned-project.ts";

/** Where Zalo's permission page sends the customer back. */
export const zaloRedirectUri = (deps: Deps) => `${deps.config.publicUrl}/api/connections/zalo/callback`;

/** PKCE's S256 challenge: the verifier's SHA-256 in base64url, as Zalo's OAuth v4 asks. */
export const zaloCodeChallenge = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

/**
 * Zalo's permission page for Official Accounts (OAuth v4 with PKCE) for this project: a fresh single-use state, the
 * code verifier kept with it for the callback, its challenge sent (the app configured, else a 409).
 */
export async function startZaloConnection(deps: Deps, user: AuthUser, projectId: number, lang: Lang): Promise<string> {
  await assertOwnedProject(deps, user.id, projectId);
  const app = deps.config.zalo;
  if (!app) throw AppError.of(409, "connections.zalo_not_configured");
  const verifier = randomBytes(32).toString("base64url");
  const by = { sessionId: user.sessionId, accountId: user.id, projectId, lang };
  const state = await issueConnectionState(deps, by, "zalo", verifier);
  const url = new URL(`${app.oauthUrl}/v4/oa/permission`);
  url.searchParams.set("app_id", app.appId);
  url.searchParams.set("redirect_uri", zaloRedirectUri(deps));
  url.searchParams.set("code_challenge", zaloCodeChallenge(verifier));
  url.searchParams.set("state", state);
  return url.toString();
}
