import { useTranslation } from "react-i18next";
import type { Incident } from "../../shared/schemas/incident-answers.ts";
import type { Lang } from "../../i18n/index.ts";
import { formatNumber } from "../../shared/format.ts";
import { formatMinute } from "./format-time.ts";
import { IncidentStatusBadge, SeverityBadge } from "./IncidentBadges.tsx";
import { incidentPath, mentionsPath } from "./incident-route.ts";

type Props = { lang: Lang; incidents: Incident[] };

/** A table on wide screens, cards on narrow ones: the same five facts (spec §2) and links to the detail. */
export function IncidentList({ lang, incidents }: Props) {
  return (
    <>
      <IncidentTable lang={lang} incidents={incidents} />
      <ul className="divide-y divide-base-200 @3xl:hidden" data-testid="incident-cards">
        {incidents.map((incident) => (
          <IncidentCard key={incident.id} lang={lang} incident={incident} />
        ))}
      </ul>
    </>
  );
}

function EndDate({ incident }: { incident: Incident }) {
  const { t } = useTranslation();
  return incident.end_date ? (
    <time dateTime={incident.end_date}>{formatMinute(incident.end_date)}</time>
  ) : (
    <span className="text-base-content/60">{t("crisis.list.ongoing")}</span>
  );
}

function IncidentTable({ lang, incidents }: Props) {
  const { t } = useTranslation();
  return (
    <div className="hidden overflow-x-auto @3xl:block">
      <table className="table" data-testid="incident-table">
        <thead>
          <tr>
            <th className="pl-4">{t("crisis.list.title")}</th>
            <th>{t("crisis.list.start_date")}</th>
            <th>{t("crisis.list.end_date")}</th>
            <th>{t("crisis.list.status")}</th>
            <th className="pr-4 text-right">{t("crisis.list.mentions")}</th>
          </tr>
        </thead>
        <tbody>
          {incidents.map((incident) => (
            <tr key={incident.id} className="hover:bg-base-200/40" data-testid="incident-row" data-id={incident.id}>
              <td className="max-w-xl pl-4">
                <a
                  href={incidentPath(lang, incident.id)}
                  className="link-hover line-clamp-2 font-medium text-primary"
                  data-testid="incident-link"
                >
                  {incident.title}
                </a>
                <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-base-content/60">
                  <SeverityBadge severity={incident.severity} />
                  {t(`crisis.origin.${incident.origin}`)}
                </span>
              </td>
              <td className="whitespace-nowrap tabular-nums">
                <time dateTime={incident.start_date}>{formatMinute(incident.start_date)}</time>
              </td>
              <td className="whitespace-nowrap tabular-nums">
                <EndDate incident={incident} />
              </td>
              <td>
                <IncidentStatusBadge incident={incident} />
              </td>
              <td className="pr-4 text-right tabular-nums">
                <a
                  href={mentionsPath(lang, incident)}
                  className="link-hover link font-medium"
                  title={t("crisis.list.mentions_link")}
                  data-testid="incident-mentions-link"
                >
                  {formatNumber(incident.total_mention)}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function IncidentCard({ lang, incident }: { lang: Lang; incident: Incident }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-col gap-2 px-4 py-3" data-testid="incident-card" data-id={incident.id}>
      <div className="flex items-center gap-2">
        <IncidentStatusBadge incident={incident} />
        <SeverityBadge severity={incident.severity} />
      </div>
      <a href={incidentPath(lang, incident.id)} className="line-clamp-3 font-medium text-primary" data-testid="incident-link">
        {incident.title}
      </a>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-base-content/60">{t("crisis.list.start_date")}</dt>
        <dd className="tabular-nums">
          <time dateTime={incident.start_date}>{formatMinute(incident.start_date)}</time>
        </dd>
        <dt className="text-base-content/60">{t("crisis.list.end_date")}</dt>
        <dd className="tabular-nums">
          <EndDate incident={incident} />
        </dd>
        <dt className="text-base-content/60">{t("crisis.list.mentions")}</dt>
        <dd className="tabular-nums">
          <a href={mentionsPath(lang, incident)} className="link font-medium" data-testid="incident-mentions-link">
            {formatNumber(incident.total_mention)}
          </a>
        </dd>
      </dl>
    </li>
  );
}
