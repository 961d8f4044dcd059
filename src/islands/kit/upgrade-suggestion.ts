import { UPGRADE_SUGGESTION_DISMISSED_KEY } from "../../shared/account.ts";

/** Whether the suggest-upgrade dialog stays away for this browser session. */
export function upgradeSuggestionPostponed(): boolean {
  try {
    return sessionStorage.getItem(UPGRADE_SUGGESTION_DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

/** Keeps the suggest-upgrade dialog away for the rest of the browser session; without storage it comes back on the next page. */
export function postponeUpgradeSuggestion(): void {
  try {
    sessionStorage.setItem(UPGRADE_SUGGESTION_DISMISSED_KEY, "1");
  } catch {
    // Nothing to keep it in.
  }
}
