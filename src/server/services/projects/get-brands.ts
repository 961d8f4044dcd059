import { translate, type Lang } from "../../../i18n/index.ts";
import { OTHER_BRAND_ID } from "../../../shared/schemas/project.ts";
import type { Deps } from "../../deps.ts";
import { brandVisibleTo } from "./assert-brand.ts";

/**
 * The catalogue as a map id → label (spec §3 Brands); the catch-all "Khác" in the caller's language, every other entry
 * by the brand's own name (a demo brand only for the account whose project uses it). The client sorts it and keeps
 * "Khác" last.
 */
export async function getBrands(deps: Deps, userId: number, lang: Lang): Promise<Record<string, string>> {
  const rows = await deps.db
    .selectFrom("brands")
    .select(["id", "name"])
    .where((eb) => brandVisibleTo(eb, userId))
    .orderBy("id")
    .execute();
  return Object.fromEntries(
    rows.map((r) => [String(r.id), Number(r.id) === OTHER_BRAND_ID ? translate(lang, "project.brand_other") : r.name]),
  );
}
