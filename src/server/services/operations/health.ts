import { currentVersion } from "../../db/migrate.ts";
import type { Deps } from "../../deps.ts";
import type { HealthSchema } from "../../../shared/schemas/answers.ts";

/** Which database answers, at which migration, and the server's clock. */
export async function health(deps: Deps): Promise<typeof HealthSchema.infer> {
  return { status: "ok", database: deps.dbKind, migration: await currentVersion(deps.db), time: deps.now().toISOString() };
}
