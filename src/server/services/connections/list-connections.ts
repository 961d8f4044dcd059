import type { Deps } from "../../deps.ts";
import type { ConnectionsSchema } from "../../../shared/schemas/connections.ts";
import { assertOwnedProject } from "./owned-project.ts";

/** The providers (configured or not) and the project's connections with their sources; never a token. */
export async function listConnections(deps: Deps, accountId: number, projectId: number): Promise<typeof ConnectionsSchema.infer> {
  await assertOwnedProject(deps, accountId, projectId);
  const connections = await deps.db
    .selectFrom("connections")
    .select(["id", "provider", "external_user_name", "state", "expires_at", "failing_since", "reason", "created_at"])
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
  return {
    providers: [{ provider: "meta", configured: deps.config.meta !== null }],
    connections: connections.map((connection) => ({
      ...connection,
      sources: sources.filter((s) => s.connection_id === connection.id).map(({ connection_id: _, ...source }) => source),
    })),
  };
}
