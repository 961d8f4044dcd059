import { useStore } from "@nanostores/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { activeFilterCount } from "../../stores/filter-params.ts";
import { $filters, resetFilters } from "../../stores/filters.ts";
import { Icon } from "../../ui/Icon.tsx";
import { MentionFilterFields } from "./MentionFilterFields.tsx";
import { SearchBox } from "./SearchBox.tsx";

/** Phones: the search stays in view, the other filters live in a sheet that slides up; each change applies at once. */
export function MentionFilterSheet() {
  const { t } = useTranslation();
  const filters = useStore($filters);
  const [open, setOpen] = useState(false);
  const count = activeFilterCount(filters);
  return (
    <div className="flex items-end gap-2" data-testid="mention-filters">
      <div className="min-w-0 flex-1">
        <SearchBox />
      </div>
      <button
        type="button"
        className="btn btn-outline shrink-0"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="open-filters"
      >
        <Icon path="M3 5h18M6 12h12M10 19h4" className="size-4" />
        {t("filters.title")}
        {count > 0 && <span className="badge badge-primary badge-sm">{count}</span>}
      </button>
      {open && (
        <div
          className="fixed inset-0 z-40 flex items-end"
          role="dialog"
          aria-modal="true"
          aria-label={t("filters.title")}
          onKeyDown={(e) => e.key === "Escape" && setOpen(false)}
        >
          <button type="button" className="absolute inset-0 bg-black/40" aria-label={t("form.close")} onClick={() => setOpen(false)} />
          <div className="relative flex max-h-[85vh] w-full flex-col rounded-t-box bg-base-100 shadow-xl" data-testid="filter-sheet">
            <header className="flex items-center justify-between border-b border-base-300 px-4 py-3">
              <h2 className="text-base font-semibold">{t("filters.title")}</h2>
              <button type="button" className="btn btn-ghost btn-square btn-sm" onClick={() => setOpen(false)} aria-label={t("form.close")}>
                <Icon path="M6 6l12 12M18 6 6 18" />
              </button>
            </header>
            <div className="grid gap-3 overflow-y-auto p-4">
              <MentionFilterFields />
            </div>
            <footer className="flex gap-2 border-t border-base-300 p-4">
              <button type="button" className="btn btn-ghost flex-1" disabled={count === 0} onClick={resetFilters}>
                {t("filters.reset")}
              </button>
              <button type="button" className="btn btn-primary flex-1" onClick={() => setOpen(false)}>
                {t("filters.show_results")}
              </button>
            </footer>
          </div>
        </div>
      )}
    </div>
  );
}
