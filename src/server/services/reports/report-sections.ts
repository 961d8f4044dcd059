import type { Deps } from "../../deps.ts";
import { incidentSection } from "./incident-section.ts";
import type { ReportSection, ReportSectionSource } from "./report-section.ts";

/** Extension point for the sections of other features, in the order the e-mail shows them. */
const REPORT_SECTION_SOURCES: readonly ReportSectionSource[] = [incidentSection];

export function reportSections(deps: Deps, input: Parameters<ReportSectionSource>[1]): Promise<ReportSection[]> {
  return Promise.all(REPORT_SECTION_SOURCES.map((source) => source(deps, input)));
}
