import { localePath } from "../i18n/index.ts";
import { pageLang } from "./lang.ts";
import { returnPathFromLocation, withReturnPath } from "./return-path.ts";

/** Spec §2: after login and logout the user goes to the home path. */
export function goHome(): void {
  location.assign(localePath(pageLang(), "/overview"));
}

/** After login or registration: the dashboard page the visitor asked for (`?next=`), else the home path. */
export function goAfterSignIn(): void {
  location.assign(returnPathFromLocation() ?? localePath(pageLang(), "/overview"));
}

/** To the login page, which brings the visitor back to the page they are on once signed in. */
export function goToLogin(): void {
  location.replace(withReturnPath(pageLang(), "/login", `${location.pathname}${location.search}${location.hash}`));
}

export function goTo(path: string): void {
  location.assign(localePath(pageLang(), path));
}
