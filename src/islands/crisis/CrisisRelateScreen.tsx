import type { Lang } from "../../i18n/index.ts";
import { I18nIsland } from "../../i18n/react.tsx";
import type { IncidentDetail } from "../../shared/schemas/incident-answers.ts";
import { HistoryTimeline } from "./HistoryTimeline.tsx";
import { IncidentExportButton } from "./IncidentExportButton.tsx";
import { IncidentScreen } from "./IncidentScreen.tsx";
import { RelatedMentions } from "./RelatedMentions.tsx";
import { SolutionPanel } from "./SolutionPanel.tsx";

export default function CrisisRelateScreen({ lang }: { lang: Lang }) {
  return (
    <I18nIsland lang={lang}>
      <IncidentScreen lang={lang} view="related" testId="crisis-relate-screen">
        {(incident, reload, revision) => <Related incident={incident} reload={reload} revision={revision} />}
      </IncidentScreen>
    </I18nIsland>
  );
}

/** The attached mentions (attach, detach), the solutions and their evaluation, the history; every change shows in it. */
function Related({ incident, reload, revision }: { incident: IncidentDetail; reload: () => void; revision: number }) {
  return (
    <>
      <div className="flex justify-end empty:hidden">
        <IncidentExportButton incidentId={incident.id} />
      </div>
      <div className="grid grid-cols-1 items-start gap-4 @5xl:grid-cols-[3fr_2fr]">
        <RelatedMentions incident={incident} onChanged={reload} />
        <div className="flex flex-col gap-4">
          <SolutionPanel incidentId={incident.id} onRecorded={reload} />
          <HistoryTimeline incidentId={incident.id} version={revision} />
        </div>
      </div>
    </>
  );
}
