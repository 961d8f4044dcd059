import { localePath, type Lang } from "../../../i18n/index.ts";

/** An incident's page in the app, as alerts and reports link to it. */
export const incidentUrl = (publicUrl: string, lang: Lang, id: number) => `${publicUrl}${localePath(lang, `/crisis-management/${id}`)}`;

/** The crisis list over a period of whole days, through the list's own custom-period filter. */
export function incidentListUrl(publicUrl: string, lang: Lang, period: { start: string; end: string }): string {
  const query = new URLSearchParams({ period: "custom", start_date: period.start, end_date: period.end });
  return `${publicUrl}${localePath(lang, "/crisis-management")}?${query}`;
}
