import type { Deps } from "../../deps.ts";
import type { Lang } from "../../../i18n/index.ts";
import type { AuthUser } from "../auth/index.ts";
import { openDialog } from "./open-dialog.ts";

/** The permissions docs/channels/meta.md names for searching Threads and reading the replies to the account's threads. */
export const THREADS_SCOPES = ["threads_basic", "threads_keyword_search", "threads_read_replies"];

/** Where Threads sends the customer back after its authorization window. */
export const threadsRedirectUri = (deps: Deps) => `${deps.config.publicUrl}/api/connections/threads/callback`;

/** Threads' authorization window for this project, with a fresh single-use state. */
export const startThreadsConnection = (deps: Deps, user: AuthUser, projectId: number, lang: Lang) =>
  openDialog(deps, user, projectId, lang, {
    provider: "threads",
    app: deps.config.threads,
    redirectUri: threadsRedirectUri(deps),
    scopes: THREADS_SCOPES,
  });
