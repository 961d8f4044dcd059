import { localePath, type Lang } from "../../i18n/index.ts";
import { routeSlug } from "../../shared/dashboard-routes.ts";
import { DEFAULT_FILTERS, filtersToSearch } from "../../stores/filter-params.ts";
import type { Slice } from "../kit/mention-link.ts";

/** The incident a crisis screen shows: the id at the start of its slug (`/crisis-management/{id}`), or null. */
export function incidentIdFromPath(pathname: string): number | null {
  const id = Number(/^\d+/.exec(routeSlug(pathname, "crisis-management") ?? "")?.[0]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const incidentPath = (lang: Lang, id: number) => localePath(lang, `/crisis-management/${id}`);
export const relatedPath = (lang: Lang, id: number) => localePath(lang, `/crisis-management/${id}/relate`);
export const listPath = (lang: Lang) => localePath(lang, "/crisis-management");
/**
 * The mention list of a crisis's own mentions, over its own period: its total is the crisis's count, or a widget's
 * number for the word it narrows to (the crisis's period is its own, so a slice carries no other).
 */
export function mentionsPath(lang: Lang, incident: { id: number; project_id: number }, slice: Pick<Slice, "search"> = {}): string {
  const filters = filtersToSearch({ ...DEFAULT_FILTERS, incident_id: incident.id, ...slice }).slice(1);
  return `${localePath(lang, "/mention")}?project_id=${incident.project_id}&${filters}`;
}
