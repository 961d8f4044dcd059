import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import type { Lang } from "../../i18n/index.ts";
import { I18nIsland } from "../../i18n/react.tsx";
import { $project } from "../../stores/project.ts";
import { Icon } from "../../ui/Icon.tsx";
import { Pagination } from "../../ui/Pagination.tsx";
import { ScreenHeader } from "../kit/ScreenHeader.tsx";
import { WidgetError, WidgetSkeleton } from "../kit/Widget.tsx";
import { CrisisEmptyState } from "./CrisisEmptyState.tsx";
import { DetectionSettingsDialog } from "./DetectionSettingsDialog.tsx";
import { CreateIncidentDialog } from "./IncidentFormDialog.tsx";
import { IncidentList } from "./IncidentList.tsx";
import { IncidentListFilters } from "./IncidentListFilters.tsx";
import { isFiltered, listFiltersToSearch, listQuery, parseListFilters, type ListFilters } from "./list-filters.ts";
import { useRemote } from "../kit/use-dashboard-data.ts";

const PAGE_SIZE = 20;

export default function CrisisListScreen({ lang }: { lang: Lang }) {
  return (
    <I18nIsland lang={lang}>
      <CrisisList lang={lang} />
    </I18nIsland>
  );
}

/**
 * Spec §2: the brand's incidents (title, start, end, status, detailed mentions), by status and period; an incident can
 * be opened by hand, and the project's detection settings changed, from here.
 */
function CrisisList({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const project = useStore($project);
  const [dialog, setDialog] = useState<"create" | "settings" | null>(null);
  // Saved settings change what the empty state says detection watches.
  const [settingsVersion, setSettingsVersion] = useState(0);
  const [filters, setFilters] = useState(() => parseListFilters(location.search, new Date()));
  useEffect(() => history.replaceState(history.state, "", `${location.pathname}${listFiltersToSearch(filters)}`), [filters]);
  const change = (next: Partial<ListFilters>) => setFilters((before) => ({ ...before, page: 1, ...next }));
  const query = project ? listQuery(filters, project.id, PAGE_SIZE, new Date()) : null;
  const { remote, retry } = useRemote(() => api.incidentIndex(query!), JSON.stringify(query));
  const state = remote.status === "ready" && remote.data.total === 0 ? "empty" : remote.status;

  return (
    <div className="@container mx-auto flex max-w-[1440px] flex-col gap-4" data-testid="crisis-list-screen">
      <ScreenHeader title={t("page.crisis")}>
        {project && (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => setDialog("settings")}
              data-testid="detection-settings-open"
            >
              <Icon path="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4" className="size-4" />
              {t("crisis.settings.open")}
            </button>
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setDialog("create")} data-testid="incident-create-open">
              <Icon path="M12 5v14M5 12h14" className="size-4" />
              {t("crisis.create.open")}
            </button>
          </div>
        )}
      </ScreenHeader>
      {project && dialog === "create" && <CreateIncidentDialog lang={lang} projectId={project.id} onClose={() => setDialog(null)} />}
      {project && dialog === "settings" && (
        <DetectionSettingsDialog
          projectId={project.id}
          projectName={project.name}
          onSaved={() => setSettingsVersion((n) => n + 1)}
          onClose={() => setDialog(null)}
        />
      )}
      <IncidentListFilters filters={filters} onChange={change} />
      <section
        className="card border border-base-300 bg-base-100"
        data-testid="incident-list"
        data-state={state}
        aria-busy={state === "loading"}
      >
        {remote.status === "loading" && (
          <div className="p-4">
            <WidgetSkeleton kind="list" />
          </div>
        )}
        {remote.status === "error" && <WidgetError message={remote.message} onRetry={retry} />}
        {remote.status === "ready" &&
          (remote.data.total === 0 ? (
            <CrisisEmptyState
              key={settingsVersion}
              lang={lang}
              filtered={isFiltered(filters)}
              onClear={() => change({ status: "all", period: "all" })}
            />
          ) : (
            <>
              <p className="border-b border-base-200 px-4 py-3 text-sm text-base-content/70" data-testid="incident-total">
                {t("crisis.list.total", { count: remote.data.total })}
              </p>
              <IncidentList lang={lang} incidents={remote.data.data} />
              <div className="flex justify-center p-3 empty:hidden">
                <Pagination
                  page={filters.page}
                  totalPages={Math.ceil(remote.data.total / PAGE_SIZE)}
                  onPage={(page) => setFilters((f) => ({ ...f, page }))}
                />
              </div>
            </>
          ))}
      </section>
    </div>
  );
}
