import { currentVersion } from "../../db/migrate.ts";
import type { Deps } from "../../deps.ts";

/** Which database answers, at which migration, and the server's clock. */
export async function health(deps: Deps) {
  return { status: "ok", database: deps.dbKind, migration: await currentVersion(deps.db), time: deps.now().toISOString() };
}
