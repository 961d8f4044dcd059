import type { Lang } from "../../../i18n/index.ts";
import type { ConnectionProvider } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { hashToken, newToken } from "../security/index.ts";

const STATE_LIFETIME_MS = 10 * 60_000;

/** Who began a round trip to the provider, for which project, from a screen in which language. */
export type StartedBy = { sessionId: number; accountId: number; projectId: number; lang: Lang };

/**
 * A new OAuth state for a round trip to the provider, bound to the session and project that began it; with PKCE
 * (Zalo), the code verifier waits beside it.
 */
export async function issueConnectionState(
  deps: Deps,
  by: StartedBy,
  provider: ConnectionProvider,
  codeVerifier: string | null = null,
): Promise<string> {
  const state = newToken();
  const now = deps.now();
  await deps.db.deleteFrom("connection_states").where("expires_at", "<", now).execute();
  await deps.db
    .insertInto("connection_states")
    .values({
      state_hash: hashToken(state),
      session_id: by.sessionId,
      account_id: by.accountId,
      project_id: by.projectId,
      provider,
      lang: by.lang,
      expires_at: new Date(now.getTime() + STATE_LIFETIME_MS),
      code_verifier: codeVerifier,
    })
    .execute();
  return state;
}

/**
 * Takes a state once: unknown, already used, expired, or from a session since ended (logged out, expired) is a 403.
 * Deleted as it is read, so a second callback with the same state finds nothing; another provider's state is unknown.
 */
export async function takeConnectionState(
  deps: Deps,
  state: string | undefined,
  provider: ConnectionProvider,
): Promise<StartedBy & { codeVerifier: string | null }> {
  const now = deps.now();
  const taken = state
    ? await deps.db
        .deleteFrom("connection_states")
        .where("state_hash", "=", hashToken(state))
        .where("provider", "=", provider)
        .returningAll()
        .executeTakeFirst()
    : undefined;
  const session = taken
    ? await deps.db
        .selectFrom("sessions")
        .select("id")
        .where("id", "=", taken.session_id)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirst()
    : undefined;
  if (!taken || !session || taken.expires_at <= now) throw AppError.of(403, "connections.bad_state");
  return {
    sessionId: taken.session_id,
    accountId: taken.account_id,
    projectId: taken.project_id,
    lang: taken.lang,
    codeVerifier: taken.code_verifier,
  };
}
