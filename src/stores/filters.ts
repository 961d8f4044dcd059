import { atom } from "nanostores";
import { channelsForSlug } from "../shared/channels.ts";
import { routeSlug } from "../shared/dashboard-routes.ts";
import { DEFAULT_FILTERS, filtersToSearch, normalizeFilters, parseFilters, PERIOD_KEYS, type DashboardFilters } from "./filter-params.ts";

/** The dashboard filters, mirrored in the address bar so that a link reproduces the view. */
export const $filters = atom<DashboardFilters>(DEFAULT_FILTERS);

/** Channel ids a route slug narrows the screen to (/overview/facebook, /mention/social), or null for all. */
export const $routeChannels = atom<number[] | null>(null);

function readUrl(): void {
  $filters.set(parseFilters(location.search));
}

/**
 * Starts mirroring for a screen: the filters come from the URL now and after Back/Forward, and the route slug sets
 * the channel scope. Returns the stop function.
 */
export function startFilterSync(screen: "overview" | "mention" | "audience"): () => void {
  const slug = routeSlug(location.pathname, screen);
  $routeChannels.set(slug ? (channelsForSlug(slug)?.map((c) => c.id) ?? null) : null);
  readUrl();
  window.addEventListener("popstate", readUrl);
  return () => window.removeEventListener("popstate", readUrl);
}

/** Changes filters as one history step; any change other than the page itself starts again at page 1. */
export function setFilters(patch: Partial<DashboardFilters>): void {
  const current = $filters.get();
  const periodChanged = PERIOD_KEYS.some((key) => key in patch && patch[key] !== current[key]);
  // A chart point and a crisis each come with their own period: choosing another one leaves them.
  const drill = periodChanged ? { bucket: null, incident_id: null } : {};
  const next = normalizeFilters({ ...current, ...drill, ...patch, page: patch.page ?? 1 });
  const search = filtersToSearch(next);
  if (search === filtersToSearch(current)) return;
  history.pushState(null, "", `${location.pathname}${search}${location.hash}`);
  $filters.set(next);
}

/** Back to the default view, keeping the route's channel scope (it lives in the path). */
export function resetFilters(): void {
  setFilters(DEFAULT_FILTERS);
}
