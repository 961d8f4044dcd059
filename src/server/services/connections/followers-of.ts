import type { Deps } from "../../deps.ts";
import type { ConnectionSourceKind } from "../../db/schema.ts";

/** Who follows these pages or accounts (Meta's ids): one row per following account and project, in a stable order. */
export const followersOf = (deps: Deps, kind: ConnectionSourceKind, externalIds: string[]) =>
  deps.db
    .selectFrom("connection_sources")
    .select(["external_id", "name", "account_id", "project_id"])
    .where("kind", "=", kind)
    .where("followed", "=", true)
    .where("external_id", "in", externalIds)
    .orderBy("id")
    .execute();
