import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Lang } from "../../i18n/index.ts";
import { I18nIsland } from "../../i18n/react.tsx";
import { startFilterSync } from "../../stores/filters.ts";
import { AiFilterNote } from "../kit/AiFilterNote.tsx";
import { ChannelFilter } from "../kit/ChannelFilter.tsx";
import { ChannelScopeNav } from "../kit/ChannelScopeNav.tsx";
import { DataStatusPanel } from "../kit/DataStatusPanel.tsx";
import { hasNoData, useDataStatus } from "../kit/use-data-status.ts";
import { ScreenHeader } from "../kit/ScreenHeader.tsx";
import { SentimentFilter } from "../kit/SentimentFilter.tsx";
import { TimeFilter } from "../kit/TimeFilter.tsx";
import { ChannelBreakdown } from "./ChannelBreakdown.tsx";
import { CompareView } from "./CompareView.tsx";
import { DiscussWidgets } from "./DiscussWidgets.tsx";
import { MentionCards } from "./MentionCards.tsx";
import { SentimentDonut, SentimentTrend } from "./SentimentWidgets.tsx";
import { StatsCounters } from "../kit/StatsCounters.tsx";
import { TopSources } from "../kit/TopSources.tsx";
import { TopWordsWidget } from "./TopWordsWidget.tsx";

export default function OverviewScreen({ lang }: { lang: Lang }) {
  return (
    <I18nIsland lang={lang}>
      <Overview lang={lang} />
    </I18nIsland>
  );
}

function Overview({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  // Synced during the first render, before any widget can ask for data with the default filters.
  const [stopSync] = useState(() => startFilterSync("overview"));
  useEffect(() => stopSync, [stopSync]);
  const { status, recheck } = useDataStatus();
  if (hasNoData(status)) {
    return (
      <div className="mx-auto flex max-w-4xl flex-col gap-4" data-testid="overview-screen">
        <ScreenHeader title={t("page.overview")} />
        <DataStatusPanel lang={lang} status={status!} onRecheck={recheck} />
      </div>
    );
  }
  return (
    // Layout follows the width left by the menu (expanded or not), so columns are container queries.
    <div className="@container mx-auto flex max-w-[1440px] flex-col gap-4" data-testid="overview-screen">
      <ScreenHeader title={t("page.overview")} />
      <ChannelScopeNav lang={lang} screen="overview" />
      <div className="grid grid-cols-1 gap-3 @2xl:grid-cols-4" data-testid="overview-filters">
        <TimeFilter />
        <ChannelFilter />
        <SentimentFilter />
      </div>
      <AiFilterNote />
      <StatsCounters />
      <div className="grid grid-cols-1 gap-4 @4xl:grid-cols-3">
        <DiscussWidgets />
        <SentimentTrend />
        <SentimentDonut />
      </div>
      <div className="grid grid-cols-1 gap-4 @3xl:grid-cols-2">
        <ChannelBreakdown />
        <TopWordsWidget />
        <MentionCards kind="latest" />
        <MentionCards kind="hot" />
      </div>
      <TopSources />
      <CompareView />
    </div>
  );
}
