import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";

/** The catalogue a user sees: every customer brand, and a demo brand only where the user's own project uses it. */
export function brandVisibleTo(eb: ExpressionBuilder<Database, "brands">, userId: number) {
  return eb.or([
    eb("brands.demo", "=", false),
    eb("brands.id", "in", eb.selectFrom("projects").select("projects.brand_id").where("projects.user_id", "=", userId)),
  ]);
}

export async function assertBrandExists(db: Kysely<Database>, brandId: number, userId: number): Promise<void> {
  const brand = await db
    .selectFrom("brands")
    .select("id")
    .where("id", "=", brandId)
    .where((eb) => brandVisibleTo(eb, userId))
    .executeTakeFirst();
  if (!brand) throw AppError.of(422, "project.brand_not_found", undefined, "brand_id");
}
