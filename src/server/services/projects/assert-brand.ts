import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";

export async function assertBrandExists(db: Kysely<Database>, brandId: number): Promise<void> {
  const brand = await db.selectFrom("brands").select("id").where("id", "=", brandId).executeTakeFirst();
  if (!brand) throw AppError.of(422, "project.brand_not_found", undefined, "brand_id");
}
