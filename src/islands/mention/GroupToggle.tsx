import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import { $filters, setFilters } from "../../stores/filters.ts";

/** Shows the list one mention per row, or one story per row (its near-identical copies together); off by default. */
export function GroupToggle() {
  const { t } = useTranslation();
  const grouped = useStore($filters).group === "story";
  return (
    <label className="ml-auto flex cursor-pointer items-center gap-2 text-sm" title={t("story.group_hint")}>
      <input
        type="checkbox"
        className="toggle toggle-sm toggle-primary"
        checked={grouped}
        onChange={(e) => setFilters({ group: e.target.checked ? "story" : "mention" })}
        data-testid="group-by-story"
      />
      <span className="whitespace-nowrap">{t("story.group_toggle")}</span>
    </label>
  );
}
