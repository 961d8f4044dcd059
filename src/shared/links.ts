/**
 * A web address a reader can open, or null: imported clippings and generated demo mentions carry identifiers
 * ("urn:nghe:clipping:…") in place of a link, and a link to nowhere is worse than none.
 */
export function openableUrl(url: string | null | undefined): string | null {
  return url && /^https?:\/\//i.test(url) ? url : null;
}
