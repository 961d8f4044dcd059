// facebook.com paths that name something other than a Page.
const NOT_PAGES = new Set([
  "groups",
  "events",
  "watch",
  "share",
  "hashtag",
  "marketplace",
  "search",
  "photo",
  "reel",
  "stories",
  "permalink.php",
  "story.php",
]);
const USERNAME = /^[A-Za-z0-9.]{5,50}$/;
const NUMERIC_ID = /^\d{5,20}$/;

function fromUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (!/(^|\.)facebook\.com$/i.test(url.hostname) && !/(^|\.)fb\.com$/i.test(url.hostname)) return null;
  const segments = url.pathname.split("/").filter(Boolean);
  if (segments[0] === "profile.php") return url.searchParams.get("id");
  // facebook.com/people/<name>/<id>: a Page without a username.
  if (segments[0] === "people") return segments[2] ?? null;
  if (segments[0] === "pages") return segments.at(-1) ?? null;
  if (!segments[0] || NOT_PAGES.has(segments[0].toLowerCase())) return null;
  return segments[0];
}

/**
 * What a customer pastes to name a public Page (its id, its username, or its address on facebook.com, with or without
 * https://), as the id or username the Graph API reads; null when it cannot name a Page.
 */
export function publicPageRef(input: string): string | null {
  const text = input.trim();
  if (NUMERIC_ID.test(text) || (USERNAME.test(text) && !text.includes("facebook.com"))) return text;
  const ref = fromUrl(text);
  return ref && (NUMERIC_ID.test(ref) || USERNAME.test(ref)) ? ref : null;
}
