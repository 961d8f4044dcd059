import { useTranslation } from "react-i18next";
import type { IncidentDetail } from "../../shared/schemas/incident-answers.ts";
import { formatNumber } from "../../shared/format.ts";
import type { Lang } from "../../i18n/index.ts";
import { I18nIsland } from "../../i18n/react.tsx";
import { mentionsPath } from "./incident-route.ts";
import { IncidentScreen } from "./IncidentScreen.tsx";
import {
  ChannelSentimentWidget,
  HotPagesWidget,
  HotTopicsWidget,
  IncidentCounters,
  IncidentMentionCards,
  IncidentSentimentDonut,
  IncidentWordCloud,
  SentimentDevelopmentWidget,
} from "./IncidentWidgets.tsx";

export default function CrisisDetailScreen({ lang }: { lang: Lang }) {
  return (
    <I18nIsland lang={lang}>
      <IncidentScreen lang={lang} view="overview" testId="crisis-detail-screen">
        {(incident) => (
          <>
            <DriversNote terms={incident.drivers.terms ?? []} />
            <ScopeNote lang={lang} incident={incident} />
            <IncidentCounters incident={incident} />
            <div className="grid grid-cols-1 gap-4 @4xl:grid-cols-3">
              <SentimentDevelopmentWidget incident={incident} />
              <IncidentSentimentDonut incident={incident} />
            </div>
            <div className="grid grid-cols-1 gap-4 @3xl:grid-cols-2">
              <ChannelSentimentWidget incident={incident} />
              <IncidentWordCloud lang={lang} incident={incident} />
            </div>
            <div className="grid grid-cols-1 gap-4 @3xl:grid-cols-2 @6xl:grid-cols-3">
              <IncidentMentionCards incident={incident} kind="negative" />
              <IncidentMentionCards incident={incident} kind="newest" />
              <IncidentMentionCards incident={incident} kind="trending" />
            </div>
            <div className="grid grid-cols-1 gap-4 @3xl:grid-cols-2">
              <HotTopicsWidget incident={incident} />
              <HotPagesWidget incident={incident} />
            </div>
          </>
        )}
      </IncidentScreen>
    </I18nIsland>
  );
}

/** The terms the detector found in the incident's negative mentions: the "why" in a glance. */
function DriversNote({ terms }: { terms: string[] }) {
  const { t } = useTranslation();
  if (terms.length === 0) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="incident-terms">
      <span className="text-base-content/70">{t("crisis.detail.terms")}</span>
      {terms.slice(0, 8).map((term) => (
        <span key={term} className="badge badge-outline badge-sm">
          {term}
        </span>
      ))}
    </p>
  );
}

/** Which mentions the figures count, said once above them: the crisis's own, the list of the related tab and the export. */
function ScopeNote({ lang, incident }: { lang: Lang; incident: IncidentDetail }) {
  const { t } = useTranslation();
  const count = incident.total_mention;
  return (
    <p className="text-sm text-base-content/70" data-testid="incident-scope" data-count={count}>
      {t("crisis.detail.scope", { count, value: formatNumber(count) })}{" "}
      <a href={mentionsPath(lang, incident)} className="link link-primary whitespace-nowrap" data-testid="incident-mentions-link">
        {t("crisis.detail.scope_link")}
      </a>
    </p>
  );
}
