import type { Deps } from "../../deps.ts";
import { exchangeMetaCode, readMetaPages, readMetaUser } from "../../collectors/meta-graph.ts";
import { MetaGraphError } from "../../collectors/meta-http.ts";
import { localePath } from "../../../i18n/index.ts";
import { type StartedBy, takeConnectionState } from "./connection-states.ts";
import { metaRedirectUri } from "./start-meta-connection.ts";
import { storeMetaConnection } from "./store-meta-connection.ts";

export type Callback = { code?: string; state?: string; error?: string };

/** The connections screen of the project, in the language it was left in, telling how the round trip ended. */
export const screen = ({ projectId, lang }: StartedBy, outcome: "connected" | "denied" | "failed") =>
  localePath(lang, `/project-setting/connections?project_id=${projectId}&connection=${outcome}`);

/**
 * Meta's redirect after the login dialog: the state must be one this server issued, unused and fresh (else a 403);
 * the code becomes a long-lived token, and the user's pages are stored, none followed yet. Where the browser goes next.
 */
export async function completeMetaConnection(deps: Deps, callback: Callback): Promise<string> {
  const started = await takeConnectionState(deps, callback.state, "meta");
  const meta = deps.config.meta;
  if (callback.error || !callback.code || !meta) return screen(started, "denied");
  const app = { graphUrl: meta.graphUrl, appId: meta.appId, appSecret: meta.appSecret };
  try {
    const token = await exchangeMetaCode(app, callback.code, metaRedirectUri(deps), deps.now());
    const [user, pages] = await Promise.all([readMetaUser(app, token.accessToken), readMetaPages(app, token.accessToken)]);
    await storeMetaConnection(deps, { ...started, user, pages, ...token });
    return screen(started, "connected");
  } catch (error) {
    if (!(error instanceof MetaGraphError)) throw error;
    deps.log.warn("meta connection failed", { account: started.accountId, reason: error.message });
    return screen(started, "failed");
  }
}
