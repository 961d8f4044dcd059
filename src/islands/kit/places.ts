import { provinceByCode } from "../../shared/provinces.ts";

/** A province's name in the page's language. */
export function provinceName(code: string, lang: string): string {
  const province = provinceByCode(code);
  return province ? (lang === "en" ? province.nameEn : province.name) : code;
}
