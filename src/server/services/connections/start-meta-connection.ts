import type { Deps } from "../../deps.ts";
import type { Lang } from "../../../i18n/index.ts";
import type { AuthUser } from "../auth/index.ts";
import { openDialog } from "./open-dialog.ts";

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
export const startMetaConnection = (deps: Deps, user: AuthUser, projectId: number, lang: Lang) =>
  openDialog(deps, user, projectId, lang, {
    provider: "meta",
    app: deps.config.meta,
    redirectUri: metaRedirectUri(deps),
    scopes: META_SCOPES,
  });
