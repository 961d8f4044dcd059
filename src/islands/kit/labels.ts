import type { ExportRange, TimePreset } from "../../shared/filters.ts";

/** Message keys are dotted snake case; presets and export ranges use hyphens ("last-24h" → filters.time.last_24h). */
export function periodLabelKey(period: TimePreset | ExportRange): string {
  return `filters.time.${period.replace(/-/g, "_")}`;
}
