import { sql } from "kysely";
import { formatDateTime } from "../../../shared/format.ts";
import { translate, type MessageKey } from "../../../i18n/index.ts";
import type { Deps } from "../../deps.ts";
import { sendMail, sendSms } from "../notifications/index.ts";
import type { IncidentDrivers } from "./describe-incident.ts";
import { incidentUrl } from "./incident-links.ts";

/**
 * E-mail and SMS to the project owner's notification contacts when an incident opens or escalates, at most once per
 * incident per cooldown: the claim on `last_alert_at` is one conditional update, so two workers never both send.
 * Dismissed incidents never alert. An incident that opened and closed while detection was catching up (a first scan,
 * a worker that was down) still gets its one opening alert, with its end: nobody was told of it yet.
 */
export async function alertIncidents(deps: Deps, incidentIds: number[], cooldownHours: number): Promise<number> {
  let sent = 0;
  for (const id of new Set(incidentIds)) {
    const now = deps.now();
    const claimed = await deps.db
      .updateTable("incidents")
      .set({ last_alert_at: now, alerted_severity: sql`severity` })
      .where("id", "=", id)
      .where("review", "<>", "dismissed")
      .where((eb) =>
        eb.or([
          eb("last_alert_at", "is", null),
          eb.and([
            eb("status", "=", 0),
            sql<boolean>`severity > alerted_severity`,
            eb("last_alert_at", "<=", new Date(now.getTime() - cooldownHours * 3_600_000)),
          ]),
        ]),
      )
      .returning([
        "id",
        "project_id",
        "title",
        "started_at",
        "ended_at",
        "severity",
        "peak_count",
        "baseline_count",
        "drivers",
        "alerted_severity",
      ])
      .executeTakeFirst();
    if (!claimed) continue;
    const project = await deps.db
      .selectFrom("projects as p")
      .innerJoin("users as u", "u.id", "p.user_id")
      .leftJoin("notification_settings as n", "n.user_id", "p.user_id")
      .select(["p.name", "p.user_id", "u.language", "n.phones", "n.emails"])
      .where("p.id", "=", claimed.project_id)
      .executeTakeFirstOrThrow();
    const lang = project.language;
    const t = (key: MessageKey, params: Record<string, string | number> = {}) => translate(lang, key, params);
    const drivers = claimed.drivers as Partial<IncidentDrivers>;
    const params = {
      project: project.name,
      title: claimed.title || t("crisis.untitled"),
      start: formatDateTime(claimed.started_at),
      end: claimed.ended_at ? formatDateTime(claimed.ended_at) : t("crisis.list.ongoing"),
      severity: t(`crisis.severity.${claimed.severity}` as MessageKey),
      peak: claimed.peak_count,
      baseline: Math.round(claimed.baseline_count * 10) / 10,
      sources: (drivers.sources ?? []).map((s) => s.name).join(", ") || "—",
      terms: (drivers.terms ?? []).join(", ") || "—",
      link: incidentUrl(deps.config.publicUrl, lang, claimed.id),
    };
    const subject = t("crisis.alert.subject", params);
    for (const to of project.emails ?? [])
      if (await sendMail(deps, { to, subject, text: t("crisis.alert.mail", params), userId: project.user_id })) sent += 1;
    for (const to of project.phones ?? []) {
      try {
        await sendSms(deps, { userId: project.user_id, to, text: t("crisis.alert.sms", params) });
        sent += 1;
      } catch {
        // Kept in the outbox as failed; the mail may still have gone out.
      }
    }
  }
  return sent;
}
