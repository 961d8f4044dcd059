import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import { activeFilterCount } from "../../stores/filter-params.ts";
import { $filters, resetFilters } from "../../stores/filters.ts";
import { MentionFilterFields } from "./MentionFilterFields.tsx";
import { SearchBox } from "./SearchBox.tsx";

/** Desktop: every filter in view at once. */
export function MentionFilterBar() {
  const { t } = useTranslation();
  const filters = useStore($filters);
  const changed = activeFilterCount(filters) > 0 || filters.search !== "";
  return (
    <section className="card border border-base-300 bg-base-100" aria-label={t("filters.title")} data-testid="mention-filters">
      <div className="grid grid-cols-2 items-end gap-3 p-4 @2xl:grid-cols-4 @4xl:grid-cols-6">
        <div className="col-span-2">
          <SearchBox />
        </div>
        <MentionFilterFields />
        <button type="button" className="btn btn-ghost" disabled={!changed} onClick={resetFilters}>
          {t("filters.reset")}
        </button>
      </div>
    </section>
  );
}
