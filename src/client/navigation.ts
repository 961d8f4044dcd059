import { localePath } from "../i18n/index.ts";
import { pageLang } from "./lang.ts";

/** Spec §2: after login and logout the user goes to the home path. */
export function goHome(): void {
  location.assign(localePath(pageLang(), "/overview"));
}

export function goTo(path: string): void {
  location.assign(localePath(pageLang(), path));
}
