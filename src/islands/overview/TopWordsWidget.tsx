import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { formatNumber } from "../../shared/format.ts";
import { SegmentedTabs } from "../../ui/SegmentedTabs.tsx";
import { WordCloud } from "../../ui/WordCloud.tsx";
import { useMentionLink } from "../kit/mention-link.ts";
import { useDashboardData } from "../kit/use-dashboard-data.ts";
import { Widget } from "../kit/Widget.tsx";

type View = "words" | "hashtags";

/** The leading keywords and hashtags of the period, sized by the mentions holding each, each opening those mentions. */
export function TopWordsWidget() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>("words");
  const { remote, retry } = useDashboardData(api.topWords);
  const link = useMentionLink("overview");
  const tabs = (
    <SegmentedTabs
      label={t("overview.words_title")}
      value={view}
      onChange={setView}
      options={[
        { value: "words", label: t("overview.tab_keywords") },
        { value: "hashtags", label: t("overview.tab_hashtags") },
      ]}
    />
  );
  return (
    <Widget
      title={t("overview.words_title")}
      remote={remote}
      onRetry={retry}
      isEmpty={(data) => data[view].length === 0}
      skeleton="cloud"
      actions={tabs}
      testId="widget-words"
    >
      {(data) => (
        <WordCloud
          terms={data[view]}
          countLabel={(count) => t("overview.word_mentions", { count, value: formatNumber(count) })}
          href={(term) => link({ search: term })}
        />
      )}
    </Widget>
  );
}
