import { compareVietnamese } from "../shared/vietnamese.ts";
import { OTHER_BRAND_ID } from "../shared/schemas/project.ts";
import type { DropdownOption } from "./Dropdown.tsx";

/** The API's brand map (id → label) as options in Vietnamese alphabetical order, "Khác" always last. */
export function brandOptions(brands: Record<string, string>): DropdownOption[] {
  const isOther = (option: DropdownOption) => Number(option.value === OTHER_BRAND_ID);
  return Object.entries(brands)
    .map(([id, label]) => ({ value: Number(id), label }))
    .sort((a, b) => isOther(a) - isOther(b) || compareVietnamese(a.label, b.label));
}
