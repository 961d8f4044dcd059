import { localePath, splitLocalePath, type Lang } from "../i18n/index.ts";
import { PRIVATE_PATHS } from "../shared/public-pages.ts";

/** The query parameter that carries the page a visitor asked for through login and registration. */
export const RETURN_PARAM = "next";

const ORIGIN = "https://nghe.invalid";
const MAX_LENGTH = 2000;
/** Backslashes, whitespace and control characters: browsers read `/\evil` and `/\t/evil` as another host. */
const UNSAFE = /[\\\s\p{Cc}]/u;

/** The path before its query, decoded as often as it takes (up to three times); null when any form looks like a host. */
function decodedPath(raw: string): string | null {
  let path = raw.split(/[?#]/, 1)[0];
  for (let round = 0; round < 3; round += 1) {
    if (path.startsWith("//") || UNSAFE.test(path)) return null;
    let next: string;
    try {
      next = decodeURIComponent(path);
    } catch {
      return null;
    }
    if (next === path) return path;
    path = next;
  }
  return path.startsWith("//") || UNSAFE.test(path) ? null : path;
}

/**
 * The page to open after signing in: a dashboard page of this site (in either language), never another host (`//evil`,
 * `https://…`, `/\evil`, their encoded forms, `javascript:`), the API or the sign-in pages; null for anything else.
 */
export function safeReturnPath(raw: string | null): string | null {
  if (!raw || raw.length > MAX_LENGTH || !raw.startsWith("/") || UNSAFE.test(raw) || decodedPath(raw) === null) return null;
  const url = new URL(raw, ORIGIN);
  if (url.origin !== ORIGIN || url.pathname.startsWith("//")) return null;
  const { path } = splitLocalePath(url.pathname);
  if (!PRIVATE_PATHS.some((page) => path === page || path.startsWith(`${page}/`))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The page to return to, as the sign-in pages receive it in their address (`?next=`), checked. */
export function returnPathFromLocation(): string | null {
  return safeReturnPath(new URLSearchParams(location.search).get(RETURN_PARAM));
}

/** A page of the sign-in flow (login, register) that hands on the page to return to, when there is one. */
export function withReturnPath(lang: Lang, page: string, returnPath: string | null): string {
  const target = localePath(lang, page);
  return returnPath ? `${target}?${RETURN_PARAM}=${encodeURIComponent(returnPath)}` : target;
}
