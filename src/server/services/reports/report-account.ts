import { ACCOUNT_TYPE } from "../../../shared/account.ts";
import { SMS_FREQUENCIES, type ReportFrequency } from "../../../shared/report-periods.ts";
import type { Deps } from "../../deps.ts";
import type { AuthUser } from "../auth/index.ts";
import { loadProjectTree, type ProjectTree } from "../projects/index.ts";
import { findUserById, type UserRow } from "../users/index.ts";

export type ReportAccount = {
  user: UserRow;
  tree: ProjectTree;
  /** The account as the dashboard services see a signed-in caller (channels, AI filter by account type). */
  auth: AuthUser;
  emails: string[];
  phones: string[];
  frequencies: string[];
};

/** The owner, projects and contacts of a brand project; null for an unknown id or a competitor's project. */
export async function loadReportAccount(deps: Deps, projectId: number): Promise<ReportAccount | null> {
  const project = await deps.db.selectFrom("projects").select(["user_id", "parent_id"]).where("id", "=", projectId).executeTakeFirst();
  if (!project || project.parent_id !== null) return null;
  const [user, tree, settings] = await Promise.all([
    findUserById(deps.db, project.user_id),
    loadProjectTree(deps.db, project.user_id),
    deps.db.selectFrom("notification_settings").selectAll().where("user_id", "=", project.user_id).executeTakeFirst(),
  ]);
  if (!user || !tree) return null;
  return {
    user,
    tree,
    auth: { id: user.id, sessionId: 0, accountType: user.account_type },
    emails: settings?.emails ?? [],
    phones: settings?.phones ?? [],
    frequencies: settings?.time_reports ?? [],
  };
}

/** Why an account gets no report right now, or null when it does: staff turned receiving off, or the account is locked. */
export function receivingBlocked(account: ReportAccount): string | null {
  if (!account.user.receives_reports) return "receiving is off for this account";
  if (account.user.account_type === ACCOUNT_TYPE.locked) return "the account is locked";
  return null;
}

/** The contacts a report of this frequency goes to: every e-mail, and the phones for an SMS digest. */
export function reportRecipients(account: ReportAccount, frequency: ReportFrequency) {
  return { emails: account.emails, phones: SMS_FREQUENCIES.includes(frequency) ? account.phones : [] };
}
