import type { Deps } from "../../deps.ts";
import type { ConnectionsSchema } from "../../../shared/schemas/connections.ts";
import { hashtagsUsed } from "./hashtag-ledger.ts";
import { assertOwnedProject } from "./owned-project.ts";
import { THREADS_DAILY_QUERIES, threadsQueriesUsed } from "./threads-budget.ts";

/** Long enough to reconnect before Meta stops taking the token (its long-lived tokens last about 60 days). */
const EXPIRING_WITHIN_MS = 7 * 24 * 3600_000;

type Stored = { state: (typeof ConnectionsSchema.infer)["connections"][number]["state"]; expires_at: Date | null };

/** A connected token that runs out within a week is "expiring": the screen asks to reconnect before it fails. */
const connectionState = ({ state, expires_at }: Stored, now: Date): Stored["state"] =>
  state === "connected" && expires_at !== null && expires_at.getTime() - now.getTime() <= EXPIRING_WITHIN_MS ? "expiring" : state;

/** The providers (configured or not) and the project's connections with their sources and state at `now`; never a token. */
export async function listConnections(deps: Deps, accountId: number, projectId: number): Promise<typeof ConnectionsSchema.infer> {
  await assertOwnedProject(deps, accountId, projectId);
  const connections = await deps.db
    .selectFrom("connections")
    .select([
      "id",
      "provider",
      "external_user_id",
      "external_user_name",
      "state",
      // Where a refresh token renews the access token (TikTok), the connection lasts as long as the refresh token.
      (eb) => eb.fn.coalesce("refresh_expires_at", "expires_at").as("expires_at"),
      "failing_since",
      "paused_until",
      "reason",
      "created_at",
    ])
    .where("account_id", "=", accountId)
    .where("project_id", "=", projectId)
    .orderBy("id")
    .execute();
  const sources = connections.length
    ? await deps.db
        .selectFrom("connection_sources")
        .select(["id", "connection_id", "kind", "external_id", "name", "followed", "backfill_collected", "backfill_done"])
        .where("account_id", "=", accountId)
        .where(
          "connection_id",
          "in",
          connections.map((c) => c.id),
        )
        .orderBy("kind")
        .orderBy("name")
        .orderBy("id")
        .execute()
    : [];
  const igIds = sources.filter((s) => s.kind === "instagram_account").map((s) => s.external_id);
  const used = await hashtagsUsed(deps, igIds, deps.now());
  const withUsage = sources.map((s) => (s.kind === "instagram_account" ? { ...s, hashtags_used: used.get(s.external_id) ?? 0 } : s));
  return {
    providers: [
      { provider: "meta", configured: deps.config.meta !== null, public_pages: deps.config.meta?.publicContent ?? false },
      { provider: "threads", configured: deps.config.threads !== null },
      { provider: "zalo", configured: deps.config.zalo !== null },
      { provider: "tiktok", configured: deps.config.tiktok !== null },
      { provider: "linkedin", configured: deps.config.linkedin !== null },
    ],
    connections: await Promise.all(
      connections.map(async ({ external_user_id, ...connection }) => ({
        ...connection,
        ...(connection.provider === "threads"
          ? { search_queries: { used: await threadsQueriesUsed(deps, external_user_id, deps.now()), limit: THREADS_DAILY_QUERIES } }
          : {}),
        state: connectionState(connection, deps.now()),
        sources: withUsage.filter((s) => s.connection_id === connection.id).map(({ connection_id: _, ...source }) => source),
      })),
    ),
  };
}
