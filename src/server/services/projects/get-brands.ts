import type { Deps } from "../../deps.ts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/** The catalogue as a map id → label (spec §3 Brands); the client sorts it and keeps 'Khác' last. */
export async function getBrands(deps: Deps): Promise<Record<string, string>> {
  const rows = await deps.db.selectFrom("brands").select(["id", "name"]).orderBy("id").execute();
  return Object.fromEntries(rows.map((r) => [String(r.id), r.name]));
}
