import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { useMentionLink } from "../kit/mention-link.ts";
import { useDashboardData } from "../kit/use-dashboard-data.ts";
import { Widget } from "../kit/Widget.tsx";
import { MentionCard } from "../kit/MentionCard.tsx";

const CARDS = 5;
const SOURCES = { latest: api.mentionLatest, hot: api.hotMention } as const;

/** The newest mentions, or the ones with the most interactions: one card per story, with its number of copies. */
export function MentionCards({ kind }: { kind: keyof typeof SOURCES }) {
  const { t } = useTranslation();
  const { remote, retry } = useDashboardData(SOURCES[kind], { limit: CARDS });
  const link = useMentionLink("overview");
  return (
    <Widget
      title={t(`overview.${kind}_title`)}
      remote={remote}
      onRetry={retry}
      isEmpty={(rows) => rows.length === 0}
      testId={`widget-${kind}`}
    >
      {(rows) => (
        <div className="-my-3 divide-y divide-base-200">
          {rows.map((mention) => (
            <MentionCard
              key={`${mention.project_id}-${mention.id}`}
              mention={mention}
              copies={mention.story_copies}
              storyHref={mention.story_id === null ? undefined : link({ story_id: mention.story_id })}
            />
          ))}
        </div>
      )}
    </Widget>
  );
}
