import type { Kysely } from "kysely";
import { ACCOUNT_TYPE } from "../../../shared/account.ts";
import { vietnamParts } from "../../../shared/format.ts";
import { VIETNAM_OFFSET_MS } from "../../../shared/time-zone.ts";
import type { Database } from "../../db/schema.ts";

/** Trial accounts may change their keywords 5 times per calendar month (Vietnam time); contracted ones without limit. */
const TRIAL_KEYWORD_UPDATES_PER_MONTH = 5;

function monthStart(now: Date): Date {
  const { year, month } = vietnamParts(now);
  return new Date(Date.UTC(year, month - 1, 1) - VIETNAM_OFFSET_MS);
}

/** null means unlimited. */
export async function remainingKeywordUpdates(
  db: Kysely<Database>,
  user: { id: number; account_type: number },
  now: Date,
): Promise<number | null> {
  if (user.account_type === ACCOUNT_TYPE.contracted) return null;
  const row = await db
    .selectFrom("project_keyword_updates")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", user.id)
    .where("at", ">=", monthStart(now))
    .executeTakeFirstOrThrow();
  return Math.max(0, TRIAL_KEYWORD_UPDATES_PER_MONTH - Number(row.count));
}
