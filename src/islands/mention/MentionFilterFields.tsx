import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import { ECOMMERCE_SOURCE, MENTION_STATUS, MENTION_TYPE, SORT_OPTIONS, type SortOption } from "../../shared/mention.ts";
import { $filters, setFilters } from "../../stores/filters.ts";
import { $projectLists } from "../../stores/project-lists.ts";
import { Dropdown } from "../../ui/Dropdown.tsx";
import { ChannelFilter } from "../kit/ChannelFilter.tsx";
import { ChoiceFilter } from "../kit/ChoiceFilter.tsx";
import { SentimentFilter } from "../kit/SentimentFilter.tsx";
import { TimeFilter } from "../kit/TimeFilter.tsx";
import { mentionLabels } from "./mention-labels.ts";

/** Every filter of the mention list but the search (spec §2); laid out by the bar on desktop, by the sheet on phones. */
export function MentionFilterFields() {
  const { t } = useTranslation();
  const labels = mentionLabels(t);
  const filters = useStore($filters);
  const { subBrands, services } = useStore($projectLists);
  const options = (values: number[], label: (v: number) => string) => values.map((value) => ({ value, label: label(value) }));
  return (
    <>
      <TimeFilter />
      <Dropdown
        id="filter-sort"
        label={t("filters.sort_label")}
        options={SORT_OPTIONS.map((sort) => ({ value: sort, label: t(`filters.sort.${sort}`) }))}
        value={filters.summary_sort}
        onChange={(sort) => setFilters({ summary_sort: sort as SortOption })}
        searchable={false}
      />
      <ChannelFilter />
      <SentimentFilter />
      <ChoiceFilter
        id="filter-type"
        label={t("filters.mention_type_label")}
        options={options(Object.values(MENTION_TYPE), labels.type)}
        value={filters.mention_type}
        onChange={(mention_type) => setFilters({ mention_type })}
      />
      <ChoiceFilter
        id="filter-status"
        label={t("filters.status_label")}
        options={options(Object.values(MENTION_STATUS), labels.status)}
        value={filters.mention_status}
        onChange={(mention_status) => setFilters({ mention_status })}
      />
      <ChoiceFilter
        id="filter-ecommerce"
        label={t("filters.ecommerce_label")}
        options={options([ECOMMERCE_SOURCE.shopee, ECOMMERCE_SOURCE.tiktok], labels.ecommerce)}
        value={filters.type_ecommerce}
        onChange={(type_ecommerce) => setFilters({ type_ecommerce })}
      />
      {/* Staff define sub brands and services per project; until then the filters stay visible but idle. */}
      <ChoiceFilter
        id="filter-sub-brand"
        label={t("filters.sub_brand_label")}
        options={subBrands.map((s) => ({ value: s.id, label: s.name }))}
        value={filters.sub_brand}
        onChange={(sub_brand) => setFilters({ sub_brand })}
        disabled={subBrands.length === 0}
        searchable
      />
      <ChoiceFilter
        id="filter-service"
        label={t("filters.service_label")}
        options={services.map((s) => ({ value: s.id, label: s.name }))}
        value={filters.service_id}
        onChange={(service_id) => setFilters({ service_id })}
        disabled={services.length === 0}
        searchable
      />
    </>
  );
}
