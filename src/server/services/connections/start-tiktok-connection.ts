import type { Deps } from "../../deps.ts";
import type { Lang } from "../../../i18n/index.ts";
import type { AuthUser } from "../auth/index.ts";
import { openDialog } from "./open-dialog.ts";

/** The Accounts API permissions docs/channels/tiktok.md names: the profile, the videos, their comments. */
export const TIKTOK_SCOPES = ["user.info.basic", "video.list", "comment.list"];

/** Where TikTok sends the customer back after its authorization page. */
export const tiktokRedirectUri = (deps: Deps) => `${deps.config.publicUrl}/api/connections/tiktok/callback`;

/** TikTok's authorization page for this project, with a fresh single-use state; TikTok names the app `client_key`. */
export async function startTiktokConnection(deps: Deps, user: AuthUser, projectId: number, lang: Lang): Promise<string> {
  const location = new URL(
    await openDialog(deps, user, projectId, lang, {
      provider: "tiktok",
      app: deps.config.tiktok,
      redirectUri: tiktokRedirectUri(deps),
      scopes: TIKTOK_SCOPES,
    }),
  );
  location.searchParams.set("client_key", location.searchParams.get("client_id") ?? "");
  return location.toString();
}
