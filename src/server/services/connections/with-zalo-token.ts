import type { ZaloApp } from "../../config.ts";
import { refreshZaloToken, ZaloError } from "../../collectors/zalo-api.ts";
import type { Deps } from "../../deps.ts";
import { markFailing } from "./mark-failing.ts";
import { saveZaloTokens } from "./store-zalo-connection.ts";
import type { ZaloConnection } from "./zalo-connections.ts";

/**
 * Calls Zalo with the connection's access token; where Zalo says the token is invalid or expired, refreshes it once
 * (the new pair stored) and calls again. A refresh Zalo refuses, or a fresh token still refused, marks the connection
 * failing with Zalo's message, and the error goes on.
 */
export async function withZaloToken<T>(
  deps: Deps,
  app: ZaloApp,
  connection: ZaloConnection,
  call: (token: string) => Promise<T>,
): Promise<T> {
  try {
    return await call(connection.token);
  } catch (error) {
    if (!(error instanceof ZaloError) || !error.invalidToken) throw error;
    if (!connection.refreshToken) {
      await markFailing(deps, connection.id, error.message);
      throw error;
    }
  }
  let tokens: Awaited<ReturnType<typeof refreshZaloToken>>;
  try {
    tokens = await refreshZaloToken(app, connection.refreshToken, deps.now());
  } catch (error) {
    if (error instanceof ZaloError && error.code !== null) await markFailing(deps, connection.id, error.message);
    throw error;
  }
  await saveZaloTokens(deps, connection.id, tokens);
  connection.token = tokens.accessToken;
  connection.refreshToken = tokens.refreshToken;
  try {
    return await call(tokens.accessToken);
  } catch (error) {
    if (error instanceof ZaloError && error.invalidToken) await markFailing(deps, connection.id, error.message);
    throw error;
  }
}
