import { SESSION_SECONDS } from "../shared/limits.ts";

export function readCookie(name: string): string | null {
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(document.cookie);
  return match ? decodeURIComponent(match[1]) : null;
}

/** Session cookies live 30 days (spec §3/§9) and are sent to the whole site. */
export function writeCookie(name: string, value: string): void {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox.
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${SESSION_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: as in writeCookie.
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
}
