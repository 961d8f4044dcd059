import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../shared/format.ts";
import type { TimePreset } from "../../shared/filters.ts";
import { presetRange } from "../../shared/time-range.ts";
import { TIME_FILTER_PRESETS } from "../../stores/filter-params.ts";
import { $filters, setFilters } from "../../stores/filters.ts";
import { Dropdown } from "../../ui/Dropdown.tsx";
import { DateInput } from "./DateInput.tsx";
import { periodLabelKey } from "./labels.ts";

/** The period as dates, so that switching to "custom" starts from what the user was looking at. */
function presetDates(preset: Exclude<TimePreset, "custom">): { start_date: string; end_date: string } {
  const range = presetRange(preset, new Date());
  return { start_date: formatDate(range.start), end_date: formatDate(range.end.getTime() - 1) };
}

/** Time preset (spec §4) and, for a custom period, the two dates (Vietnam time, end included). */
export function TimeFilter() {
  const { t } = useTranslation();
  const filters = useStore($filters);
  const options = TIME_FILTER_PRESETS.map((preset) => ({ value: preset, label: t(periodLabelKey(preset)) }));
  const today = formatDate(new Date());

  const choose = (preset: TimePreset) => {
    if (preset !== "custom") setFilters({ type_time: preset });
    else if (filters.type_time !== "custom") setFilters({ type_time: "custom", ...presetDates(filters.type_time) });
  };

  if (filters.incident_id !== null) {
    // A crisis's mentions are those of its own window, whatever period the list had: no other period applies.
    return (
      <Dropdown
        label={t("filters.time_label")}
        options={[]}
        value={null}
        onChange={() => undefined}
        placeholder={t("filters.time_incident")}
        disabled
        id="filter-time"
      />
    );
  }

  return (
    <>
      <Dropdown
        label={t("filters.time_label")}
        options={options}
        value={filters.type_time}
        onChange={(v) => choose(v as TimePreset)}
        searchable={false}
        // Two columns (days and weeks, then months and a custom range) keep every period in view when the list opens.
        columns={2}
        id="filter-time"
      />
      {filters.type_time === "custom" && filters.start_date && filters.end_date && (
        <>
          <DateInput
            label={t("filters.start_date")}
            name="start_date"
            value={filters.start_date}
            max={today}
            onValue={(start_date) => setFilters({ type_time: "custom", start_date })}
          />
          <DateInput
            label={t("filters.end_date")}
            name="end_date"
            value={filters.end_date}
            max={today}
            onValue={(end_date) => setFilters({ type_time: "custom", end_date })}
          />
        </>
      )}
    </>
  );
}
