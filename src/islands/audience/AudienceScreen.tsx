import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Lang } from "../../i18n/index.ts";
import { I18nIsland } from "../../i18n/react.tsx";
import { setFilters, startFilterSync } from "../../stores/filters.ts";
import { Dropdown } from "../../ui/Dropdown.tsx";
import { ChannelFilter } from "../kit/ChannelFilter.tsx";
import { ChannelScopeNav } from "../kit/ChannelScopeNav.tsx";
import { periodLabelKey } from "../kit/labels.ts";
import { ScreenHeader } from "../kit/ScreenHeader.tsx";
import { AgeByChannelWidget, AgeByProjectWidget } from "./AgeWidgets.tsx";
import { AreaWidget } from "./AreaWidget.tsx";
import { AudienceCounters } from "./AudienceCounters.tsx";
import { JobWidget } from "./JobWidget.tsx";
import { ProvinceWidget } from "./ProvinceWidget.tsx";
import { SampleNotice } from "./SampleParts.tsx";
import { TopAuthors } from "./TopAuthors.tsx";
import { type AudiencePeriod, useAudiencePeriod } from "./use-audience-data.ts";

export default function AudienceScreen({ lang }: { lang: Lang }) {
  return (
    <I18nIsland lang={lang}>
      <Audience lang={lang} />
    </I18nIsland>
  );
}

/** Spec §2 Audience: who talks about the brand, by age, job, province and area, this month or last month. */
function Audience({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const [stopSync] = useState(() => startFilterSync("audience"));
  useEffect(() => stopSync, [stopSync]);
  return (
    <div className="@container mx-auto flex max-w-[1440px] flex-col gap-4" data-testid="audience-screen">
      <ScreenHeader title={t("page.audience")} />
      <ChannelScopeNav lang={lang} screen="audience" />
      <div className="grid grid-cols-1 gap-3 @2xl:grid-cols-4" data-testid="audience-filters">
        <PeriodFilter />
        <ChannelFilter />
      </div>
      <p className="text-sm text-base-content/70" data-testid="audience-period-note">
        {t("audience.period_note")}
      </p>
      <SampleNotice lang={lang} />
      <AudienceCounters />
      <ProvinceWidget />
      <div className="grid grid-cols-1 gap-4 @3xl:grid-cols-2">
        <AreaWidget />
        <JobWidget />
        <AgeByChannelWidget />
        <AgeByProjectWidget />
      </div>
      <TopAuthors />
    </div>
  );
}

/** The default first. */
const PERIODS = ["this-month", "last-month"] as const satisfies readonly AudiencePeriod[];

/** This month or last month: the only periods of the audience (spec §2). */
function PeriodFilter() {
  const { t } = useTranslation();
  const period = useAudiencePeriod();
  return (
    <Dropdown
      label={t("audience.period_label")}
      options={PERIODS.map((preset) => ({ value: preset, label: t(periodLabelKey(preset)) }))}
      value={period}
      onChange={(value) => setFilters({ type_time: value as AudiencePeriod })}
      searchable={false}
      id="filter-period"
    />
  );
}
