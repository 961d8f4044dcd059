import { useTranslation } from "react-i18next";
import { formatDate } from "../../shared/format.ts";
import { Dropdown } from "../../ui/Dropdown.tsx";
import { DateInput } from "../kit/DateInput.tsx";
import { periodLabelKey } from "../kit/labels.ts";
import { PERIOD_CHOICES, STATUS_CHOICES, type ListFilters, type PeriodChoice, type StatusChoice } from "./list-filters.ts";

type Props = { filters: ListFilters; onChange: (next: Partial<ListFilters>) => void };

/** Status (spec §4: in progress 0, done 1, or all) and the period the incidents overlap. */
export function IncidentListFilters({ filters, onChange }: Props) {
  const { t } = useTranslation();
  const today = formatDate(new Date());
  const periodLabel = (p: PeriodChoice) => (p === "all" ? t("crisis.period.all") : t(periodLabelKey(p)));
  return (
    <div className="grid grid-cols-1 gap-3 @2xl:grid-cols-4" data-testid="incident-filters">
      <Dropdown
        label={t("crisis.list.status_label")}
        id="incident-status-filter"
        searchable={false}
        value={filters.status}
        options={STATUS_CHOICES.map((s) => ({ value: s, label: s === "all" ? t("crisis.status.all") : t(`crisis.status.${s}`) }))}
        onChange={(status) => onChange({ status: status as StatusChoice })}
      />
      <Dropdown
        label={t("filters.time_label")}
        id="incident-period-filter"
        searchable={false}
        value={filters.period}
        options={PERIOD_CHOICES.map((p) => ({ value: p, label: periodLabel(p) }))}
        onChange={(period) => onChange({ period: period as PeriodChoice })}
      />
      {filters.period === "custom" && (
        <>
          <DateInput
            label={t("filters.start_date")}
            name="start_date"
            value={filters.start_date}
            max={today}
            onValue={(start_date) => onChange({ start_date })}
          />
          <DateInput
            label={t("filters.end_date")}
            name="end_date"
            value={filters.end_date}
            max={today}
            onValue={(end_date) => onChange({ end_date })}
          />
        </>
      )}
    </div>
  );
}
