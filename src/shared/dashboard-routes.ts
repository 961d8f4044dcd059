import { channelsForSlug } from "./channels.ts";

/**
 * The prerendered shell that serves a dynamic dashboard route (path without the /en prefix), or null.
 * Overview, mention and audience slugs are channel or channel-group slugs; anything else is not a page.
 */
export function shellFor(path: string): string | null {
  const channelScreen = /^\/(overview|mention|audience)\/([^/]+)\/?$/.exec(path);
  if (channelScreen) return channelsForSlug(safeDecode(channelScreen[2])) ? `/${channelScreen[1]}/index.html` : null;
  if (/^\/crisis-management(\/[^/]+)?\/relate\/?$/.test(path)) return "/crisis-management/relate/index.html";
  if (/^\/crisis-management\/(?!case\/?$)[^/]+\/?$/.test(path)) return "/crisis-management/case/index.html";
  return null;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The slug of a dynamic dashboard route, read by the screen from the browser's path. */
export function routeSlug(pathname: string, screen: "overview" | "mention" | "audience" | "crisis-management"): string | null {
  const match = new RegExp(`^(?:/en)?/${screen}/([^/]+)`).exec(pathname);
  return match && match[1] !== "relate" ? safeDecode(match[1]) : null;
}
