import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { ApiError } from "../../http/api-error.ts";

export async function assertBrandExists(db: Kysely<Database>, brandId: number): Promise<void> {
  const brand = await db.selectFrom("brands").select("id").where("id", "=", brandId).executeTakeFirst();
  if (!brand) throw ApiError.of(422, "project.brand_not_found", undefined, "brand_id");
}
