import type { Lang } from "../../../i18n/index.ts";
import type { ReportPeriod } from "../../../shared/report-periods.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/index.ts";
import type { ExtraSheet } from "../mentions/index.ts";
import type { ProjectTree } from "../projects/index.ts";

/** One line of a section: a headline with an optional link and status tag, and the facts shown under it. */
type ReportSectionRow = {
  text: string;
  url: string | null;
  tag: { label: string; tone: "alert" | "calm" } | null;
  details: string[];
};

/**
 * A block a feature adds to every report: the e-mail shows its rows (or `empty` when there are none) and `more`, the
 * SMS digest carries `sms`, and the Excel attachment gets `sheet`.
 */
export type ReportSection = {
  title: string;
  rows: ReportSectionRow[];
  empty: string;
  /** Where to see the rows the e-mail leaves out, when it leaves any out. */
  more: { text: string; url: string } | null;
  sms: string | null;
  sheet: ExtraSheet | null;
};

export type ReportSectionSource = (
  deps: Deps,
  input: { user: AuthUser; tree: ProjectTree; period: ReportPeriod; lang: Lang },
) => Promise<ReportSection>;
