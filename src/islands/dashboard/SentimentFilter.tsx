import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import { SENTIMENTS } from "../../shared/sentiment.ts";
import { $filters, setFilters } from "../../stores/filters.ts";
import { MultiSelect } from "../../ui/MultiSelect.tsx";

export function SentimentFilter() {
  const { t } = useTranslation();
  const { sentiment_ids } = useStore($filters);
  return (
    <MultiSelect
      label={t("filters.sentiment_label")}
      allLabel={t("filters.all_sentiments")}
      options={SENTIMENTS.map((s) => ({ value: s.id, label: t(`filters.sentiment.${s.name}`), color: s.color }))}
      value={sentiment_ids}
      onChange={(ids) => setFilters({ sentiment_ids: ids })}
      testId="filter-sentiments"
    />
  );
}
