import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { ACCOUNT_TYPE } from "../../../shared/account.ts";
import { lastDuePeriod, reportDueAt, SMS_FREQUENCIES, type ReportFrequency, type ReportPeriod } from "../../../shared/report-periods.ts";
import { REPORT_FREQUENCIES } from "../../../shared/schemas/project.ts";
import type { Database } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import type { Transaction } from "kysely";

/** A report planned this long after its time was missed by the scheduler: it goes out marked late. */
const LATE_AFTER_MS = 60 * 60_000;

/** Eight letters and digits: short enough for an SMS, too many to guess (62^8). */
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export function newShortCode(): string {
  return [...randomBytes(8)].map((byte) => ALPHABET[byte % ALPHABET.length]).join("");
}

/**
 * Creates the deliveries of the reports that fell due since the last planning: for each frequency the latest due
 * period, if its time lies after the planned-until mark, for every brand project whose account receives reports and
 * asked for that frequency with a contact to send to. The mark and the unique index on (project, frequency, period)
 * make this safe to run from several workers at once and after any restart. The first run ever only sets the mark.
 */
export async function planDueReports(deps: Deps): Promise<number> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const state = await trx.selectFrom("report_schedule").select("planned_until").forUpdate().executeTakeFirst();
    if (!state) {
      await trx
        .insertInto("report_schedule")
        .values({ planned_until: now })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return 0;
    }
    let planned = 0;
    for (const frequency of REPORT_FREQUENCIES) {
      const period = lastDuePeriod(frequency, now);
      const due = reportDueAt(period);
      if (due <= state.planned_until) continue;
      planned += await insertDeliveries(trx, period, now.getTime() - due.getTime() >= LATE_AFTER_MS ? "catch-up" : "schedule", now);
    }
    if (now > state.planned_until) await trx.updateTable("report_schedule").set({ planned_until: now }).execute();
    return planned;
  });
}

async function insertDeliveries(
  trx: Transaction<Database>,
  period: ReportPeriod,
  reason: "schedule" | "catch-up",
  now: Date,
): Promise<number> {
  const projects = await subscribedProjects(trx, period.frequency);
  if (projects.length === 0) return 0;
  const rows = await trx
    .insertInto("report_deliveries")
    .values(
      projects.map((p) => ({
        project_id: p.project_id,
        user_id: p.user_id,
        frequency: period.frequency,
        period_start: period.start,
        period_end: period.end,
        due_at: reportDueAt(period),
        reason,
        next_attempt_at: now,
        short_code: newShortCode(),
        created_at: now,
      })),
    )
    // Any conflict is the same report planned by another worker, or sent by staff already.
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .execute();
  return rows.length;
}

/** Brand projects whose account receives reports, is not locked, ticked the frequency and has someone to send to. */
function subscribedProjects(trx: Transaction<Database>, frequency: ReportFrequency) {
  const withSms = SMS_FREQUENCIES.includes(frequency);
  return trx
    .selectFrom("projects as p")
    .innerJoin("users as u", "u.id", "p.user_id")
    .innerJoin("notification_settings as s", "s.user_id", "p.user_id")
    .select(["p.id as project_id", "p.user_id"])
    .where("p.parent_id", "is", null)
    .where("u.receives_reports", "=", true)
    .where("u.account_type", "!=", ACCOUNT_TYPE.locked)
    .where(sql<boolean>`${frequency} = any(s.time_reports)`)
    .where(withSms ? sql<boolean>`cardinality(s.emails) + cardinality(s.phones) > 0` : sql<boolean>`cardinality(s.emails) > 0`)
    .orderBy("p.id")
    .execute();
}
