import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import type { ProjectComparison } from "../../client/types.ts";
import { formatNumber, formatPercent, percentages } from "../../shared/format.ts";
import { SENTIMENT_ORDER } from "../../shared/sentiment.ts";
import { $projectCompares, toggleCompared } from "../../stores/compare.ts";
import { useBrandAndCompetitors, type ProjectRef } from "../kit/projects.ts";
import { useDashboardData } from "../kit/use-dashboard-data.ts";
import { widgetState, WidgetBody } from "../kit/Widget.tsx";

/** Sentiment bars and legends read positive, neutral, negative. */

/** Brand and competitors side by side: share of voice, sentiment and interactions of the chosen projects. */
export function CompareView() {
  const { t } = useTranslation();
  const projects = useBrandAndCompetitors();
  const all = projects.map((p) => p.id);
  const chosen = useStore($projectCompares) ?? all;
  const compared = projects.filter((p) => chosen.includes(p.id));
  return (
    <section className="card border border-base-300 bg-base-100" data-testid="widget-compare">
      <div className="card-body gap-3 p-4">
        <header className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-base font-semibold">{t("overview.compare_title")}</h2>
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">{t("overview.compare_choose")}</legend>
            {projects.map((p) => (
              <label
                key={p.id}
                className="flex cursor-pointer items-center gap-2 rounded-full border border-base-300 px-3 py-1 text-sm has-checked:border-primary has-checked:bg-primary/5"
              >
                <input
                  type="checkbox"
                  className="checkbox checkbox-xs checkbox-primary"
                  checked={chosen.includes(p.id)}
                  onChange={() => toggleCompared(all, p.id)}
                />
                <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: p.color }} />
                {p.name}
              </label>
            ))}
          </fieldset>
        </header>
        {compared.length < 2 ? (
          <p className="rounded-box bg-base-200 px-4 py-8 text-center text-sm text-base-content/70" data-testid="compare-hint">
            {t("overview.compare_min")}
          </p>
        ) : (
          <CompareFigures projects={compared} />
        )}
      </div>
    </section>
  );
}

const isSilent = (rows: ProjectComparison[]) => rows.every((r) => r.total_mention === 0);

function CompareFigures({ projects }: { projects: ProjectRef[] }) {
  const { remote, retry } = useDashboardData(api.compareProjects, { project_ids: projects.map((p) => p.id).join(",") });
  return (
    <div className="flex flex-col" data-testid="compare-figures" data-state={widgetState(remote, isSilent)}>
      <WidgetBody remote={remote} onRetry={retry} isEmpty={isSilent} skeleton="bars">
        {(rows) => {
          const shares = percentages(rows.map((r) => r.total_mention));
          return (
            <div className="grid gap-3" style={{ gridTemplateColumns: "repeat(auto-fit, minmax(14rem, 1fr))" }}>
              {rows.map((row, i) => (
                <ProjectColumn key={row.project_id} row={row} share={shares[i]} project={projects.find((p) => p.id === row.project_id)} />
              ))}
            </div>
          );
        }}
      </WidgetBody>
    </div>
  );
}

function ProjectColumn({ row, share, project }: { row: ProjectComparison; share: number; project: ProjectRef | undefined }) {
  const { t } = useTranslation();
  const sentimentShares = percentages(SENTIMENT_ORDER.map((s) => row[s.name]));
  return (
    <article className="flex flex-col gap-3 rounded-box border border-base-300 p-4" data-testid="compare-project">
      <h3 className="flex items-center gap-2 font-semibold">
        <span aria-hidden="true" className="size-3 rounded-full" style={{ backgroundColor: project?.color }} />
        <span className="truncate">{project?.name ?? row.project_id}</span>
      </h3>
      <div>
        <p className="text-xs text-base-content/70">{t("overview.sov_title")}</p>
        <p className="text-2xl font-semibold tabular-nums" data-testid="compare-sov">
          {formatPercent(share)}
        </p>
        <div className="mt-1 h-2 overflow-hidden rounded-full bg-base-200">
          <div className="h-full rounded-full" style={{ width: `${share}%`, backgroundColor: project?.color }} />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-base-content/70">{t("overview.tab_mentions")}</dt>
          <dd className="font-semibold tabular-nums">{formatNumber(row.total_mention)}</dd>
        </div>
        <div>
          <dt className="text-xs text-base-content/70">{t("overview.tab_interactions")}</dt>
          <dd className="font-semibold tabular-nums">{formatNumber(row.total_interaction)}</dd>
        </div>
      </dl>
      <div>
        <p className="mb-1 text-xs text-base-content/70">{t("overview.sentiment_title")}</p>
        <div className="flex h-2 overflow-hidden rounded-full bg-base-200">
          {SENTIMENT_ORDER.map((s, i) => (
            <div key={s.id} style={{ width: `${sentimentShares[i]}%`, backgroundColor: s.color }} />
          ))}
        </div>
        <ul className="mt-2 flex flex-col gap-1 text-xs">
          {SENTIMENT_ORDER.map((s, i) => (
            <li key={s.id} className="flex items-center gap-2">
              <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: s.color }} />
              <span className="flex-1">{t(`filters.sentiment.${s.name}`)}</span>
              <span className="tabular-nums text-base-content/60">{formatNumber(row[s.name])}</span>
              <span className="w-14 text-right font-medium tabular-nums">{formatPercent(sentimentShares[i])}</span>
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}
