import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import { sentimentNameKey } from "../../shared/names.ts";
import { SENTIMENTS } from "../../shared/sentiment.ts";
import { $filters, setFilters } from "../../stores/filters.ts";
import { MultiSelect } from "../../ui/MultiSelect.tsx";

export function SentimentFilter() {
  const { t } = useTranslation();
  const { sentiment_ids } = useStore($filters);
  return (
    <MultiSelect
      label={t("filters.sentiment_label")}
      // The field's label already says "Cảm xúc"; "Tất cả cảm xúc" did not fit a filter column at 1280 px.
      allLabel={t("filters.all")}
      options={SENTIMENTS.map((s) => ({ value: s.id, label: t(sentimentNameKey(s.id)), color: s.color }))}
      value={sentiment_ids}
      onChange={(ids) => setFilters({ sentiment_ids: ids })}
      testId="filter-sentiments"
    />
  );
}
