import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Lang } from "../../i18n/index.ts";
import { I18nIsland } from "../../i18n/react.tsx";
import { $filters, startFilterSync } from "../../stores/filters.ts";
import { $project } from "../../stores/project.ts";
import { loadProjectLists } from "../../stores/project-lists.ts";
import { $startup } from "../../stores/startup.ts";
import { $isDesktop } from "../../stores/ui.ts";
import { AiFilterNote } from "../kit/AiFilterNote.tsx";
import { ChannelScopeNav } from "../kit/ChannelScopeNav.tsx";
import { DataStatusPanel } from "../kit/DataStatusPanel.tsx";
import { hasNoData, useDataStatus } from "../kit/use-data-status.ts";
import { ScreenHeader } from "../kit/ScreenHeader.tsx";
import { DrillChips } from "./DrillChips.tsx";
import { ExportButton } from "./ExportButton.tsx";
import { MentionFilterBar } from "./MentionFilterBar.tsx";
import { MentionFilterSheet } from "./MentionFilterSheet.tsx";
import { MentionList } from "./MentionList.tsx";
import { StoryList } from "./StoryList.tsx";
import { MentionStatsBar } from "./MentionStatsBar.tsx";

export default function MentionScreen({ lang }: { lang: Lang }) {
  return (
    <I18nIsland lang={lang}>
      <Mentions lang={lang} />
    </I18nIsland>
  );
}

function Mentions({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const isDesktop = useStore($isDesktop);
  const grouped = useStore($filters).group === "story";
  // Synced during the first render, before any widget can ask for data with the default filters.
  const [stopSync] = useState(() => startFilterSync("mention"));
  useEffect(() => stopSync, [stopSync]);
  const ready = useStore($startup) === "ready";
  const projectId = useStore($project)?.id;
  useEffect(() => {
    if (ready && projectId) void loadProjectLists(projectId);
  }, [ready, projectId]);
  const { status, recheck } = useDataStatus();
  if (hasNoData(status)) {
    return (
      <div className="mx-auto flex max-w-4xl flex-col gap-4" data-testid="mention-screen">
        <ScreenHeader title={t("page.mention")} />
        <DataStatusPanel lang={lang} status={status!} onRecheck={recheck} />
      </div>
    );
  }
  return (
    // Layout follows the width left by the menu (expanded or not), so columns are container queries.
    <div className="@container mx-auto flex max-w-[1440px] flex-col gap-4" data-testid="mention-screen">
      {/* Export is for computers only (spec §1). */}
      <ScreenHeader title={t("page.mention")}>{isDesktop && <ExportButton />}</ScreenHeader>
      <ChannelScopeNav lang={lang} screen="mention" />
      {isDesktop ? <MentionFilterBar /> : <MentionFilterSheet />}
      <DrillChips />
      <AiFilterNote />
      <MentionStatsBar />
      {grouped ? <StoryList /> : <MentionList />}
    </div>
  );
}
