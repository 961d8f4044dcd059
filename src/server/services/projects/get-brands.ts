import { translate, type Lang } from "../../../i18n/index.ts";
import { OTHER_BRAND_ID } from "../../../shared/schemas/project.ts";
import type { Deps } from "../../deps.ts";

/**
 * The catalogue as a map id → label (spec §3 Brands); the catch-all "Khác" in the caller's language, every other entry
 * by the brand's own name. The client sorts it and keeps "Khác" last.
 */
export async function getBrands(deps: Deps, lang: Lang): Promise<Record<string, string>> {
  const rows = await deps.db.selectFrom("brands").select(["id", "name"]).orderBy("id").execute();
  return Object.fromEntries(
    rows.map((r) => [String(r.id), Number(r.id) === OTHER_BRAND_ID ? translate(lang, "project.brand_other") : r.name]),
  );
}
