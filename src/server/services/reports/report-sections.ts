import type { Lang } from "../../../i18n/index.ts";
import type { ReportPeriod } from "../../../shared/report-periods.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/auth-user.ts";
import type { ProjectTree } from "../projects/project-tree.ts";

/** A block a feature adds to every report: a title and lines, each with an optional link. */
export type ReportSection = { title: string; rows: { text: string; url?: string }[] };

export type ReportSectionSource = (
  deps: Deps,
  input: { user: AuthUser; tree: ProjectTree; period: ReportPeriod; lang: Lang },
) => Promise<ReportSection | null>;

/**
 * Extension point for the sections of other features. Crisis management adds "incidents opened and closed in the
 * period" here when it exists; until then the reports have no incident section at all.
 */
export const REPORT_SECTION_SOURCES: readonly ReportSectionSource[] = [];

export async function reportSections(deps: Deps, input: Parameters<ReportSectionSource>[1]): Promise<ReportSection[]> {
  const sections = await Promise.all(REPORT_SECTION_SOURCES.map((source) => source(deps, input)));
  return sections.filter((section): section is ReportSection => section !== null);
}
