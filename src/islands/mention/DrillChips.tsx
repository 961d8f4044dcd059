import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { dateRange, granularityFor, presetRange } from "../../shared/time-range.ts";
import type { DashboardFilters } from "../../stores/filter-params.ts";
import { $filters, setFilters } from "../../stores/filters.ts";
import { bucketTitle } from "../../ui/chart-axis.ts";
import { provinceName } from "../kit/places.ts";

type DrillKey = "incident_id" | "author_id" | "province" | "story_id" | "source" | "bucket";

/** The chart step of the list's period: the bucket a chart point stands for is named as the chart named it. */
function bucketLabel(filters: DashboardFilters, bucket: string): string {
  const range =
    filters.type_time === "custom" && filters.start_date && filters.end_date
      ? dateRange(filters.start_date, filters.end_date)
      : presetRange(filters.type_time === "custom" ? "month" : filters.type_time, new Date());
  return bucketTitle(granularityFor(range), bucket);
}

/** The title of the crisis the list is narrowed to, once loaded (its id until then). */
function useIncidentTitle(id: number | null): string | null {
  const [title, setTitle] = useState<{ id: number; title: string } | null>(null);
  useEffect(() => {
    if (id === null) return;
    let current = true;
    api.incidentShow(id).then(
      (incident) => current && setTitle({ id, title: incident.title }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [id]);
  return id !== null && title?.id === id ? title.title : null;
}

/** What a widget narrowed the list to (a crisis, an author, a province's authors, a story, a source, a chart point), each removable. */
export function DrillChips() {
  const { t, i18n } = useTranslation();
  const filters = useStore($filters);
  const incidentTitle = useIncidentTitle(filters.incident_id);
  const chips: { key: DrillKey; label: string }[] = [];
  if (filters.incident_id !== null)
    chips.push({ key: "incident_id", label: t("filters.drill.incident", { value: incidentTitle ?? `#${filters.incident_id}` }) });
  if (filters.author_id !== null) chips.push({ key: "author_id", label: t("filters.drill.author", { value: filters.author_id }) });
  if (filters.province !== null)
    chips.push({ key: "province", label: t("filters.drill.province", { value: provinceName(filters.province, i18n.language) }) });
  if (filters.story_id !== null) chips.push({ key: "story_id", label: t("filters.drill.story", { value: filters.story_id }) });
  if (filters.source !== null) chips.push({ key: "source", label: t("filters.drill.source", { value: filters.source }) });
  if (filters.bucket !== null)
    chips.push({ key: "bucket", label: t("filters.drill.bucket", { value: bucketLabel(filters, filters.bucket) }) });
  if (chips.length === 0) return null;
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label={t("filters.drill.label")} data-testid="drill-chips">
      {chips.map((chip) => (
        <li key={chip.key} className="badge badge-lg badge-soft badge-primary max-w-full gap-1 pr-1" data-chip={chip.key}>
          <span className="min-w-0 truncate" title={chip.label}>
            {chip.label}
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-circle btn-xs"
            aria-label={t("filters.drill.remove", { value: chip.label })}
            onClick={() => setFilters({ [chip.key]: null })}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
