import type { ReactNode } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import type { IncidentDetail } from "../../shared/schemas/incident-answers.ts";
import type { Lang } from "../../i18n/index.ts";
import { WidgetError, WidgetSkeleton } from "../kit/Widget.tsx";
import { IncidentHeader, type IncidentView } from "./IncidentHeader.tsx";
import { incidentIdFromPath, listPath } from "./incident-route.ts";
import { useRemote } from "../kit/use-dashboard-data.ts";

type Props = {
  lang: Lang;
  view: IncidentView;
  testId: string;
  children: (incident: IncidentDetail, reload: () => void, revision: number) => ReactNode;
};

/** The frame of an incident's screens: the incident from the address, its header and tabs, then the view's content. */
export function IncidentScreen({ lang, view, testId, children }: Props) {
  const { t } = useTranslation();
  const [id] = useState(() => incidentIdFromPath(location.pathname));
  // Counts the changes made on the screen, so that views derived from the incident (its history) reload with it.
  const [revision, setRevision] = useState(0);
  const { remote } = useRemote(() => (id ? api.incidentShow(id) : Promise.reject(new Error("no incident id"))), `${id}-${revision}`);
  const reload = () => setRevision((n) => n + 1);
  const incident = remote.status === "ready" ? remote.data : remote.status === "loading" ? remote.previous : null;
  const missing = id === null || (remote.status === "error" && remote.message === t("incident.not_found"));
  return (
    <div
      className="@container mx-auto flex max-w-[1440px] flex-col gap-4"
      data-testid={testId}
      data-state={missing ? "missing" : remote.status}
    >
      {missing ? (
        <div className="card border border-base-300 bg-base-100 p-8 text-center" role="alert" data-testid="incident-missing">
          <p className="text-lg font-semibold">{t("incident.not_found")}</p>
          <a className="btn btn-outline btn-sm mx-auto mt-3" href={listPath(lang)}>
            {t("crisis.back_to_list")}
          </a>
        </div>
      ) : remote.status === "error" ? (
        <div className="card border border-base-300 bg-base-100">
          <WidgetError message={remote.message} onRetry={reload} />
        </div>
      ) : !incident ? (
        <WidgetSkeleton kind="list" />
      ) : (
        <>
          <IncidentHeader lang={lang} view={view} incident={incident} onChanged={reload} />
          {children(incident, reload, revision)}
        </>
      )}
    </div>
  );
}
