export const ACCOUNT_TYPE = { trial: 0, contracted: 1, locked: 2 } as const;
export type AccountType = (typeof ACCOUNT_TYPE)[keyof typeof ACCOUNT_TYPE];

/** Spec §4: suggested when logged in, not contracted, and no upgrade pending. */
export function shouldSuggestUpgrade(user: { account_type: AccountType; is_waiting_for_upgrade: boolean } | null): boolean {
  return user !== null && user.account_type !== ACCOUNT_TYPE.contracted && !user.is_waiting_for_upgrade;
}

/** sessionStorage key set when the user answers "later" to the suggest-upgrade dialog (it stays away for the browser session). */
export const UPGRADE_SUGGESTION_DISMISSED_KEY = "nghe.suggestUpgradeDismissed";
