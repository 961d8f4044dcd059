import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import type { TopSource, TopSources as TopSourcesData } from "../../client/types.ts";
import { formatNumber } from "../../shared/format.ts";
import { ChannelBadge } from "../../ui/ChannelBadge.tsx";
import { ExternalLink } from "../../ui/ExternalLink.tsx";
import { SegmentedTabs } from "../../ui/SegmentedTabs.tsx";
import { useMentionLink } from "./mention-link.ts";
import { useDashboardData } from "./use-dashboard-data.ts";
import { Widget } from "./Widget.tsx";

type Ranking = keyof TopSourcesData;

/** The sources (sites, pages, groups, channels) that talk most about the brand, by mentions or by interactions. */
export function TopSources() {
  const { t } = useTranslation();
  const [ranking, setRanking] = useState<Ranking>("by_mentions");
  const { remote, retry } = useDashboardData(api.topMention);
  const link = useMentionLink("overview");
  const tabs = (
    <SegmentedTabs
      label={t("overview.sources_title")}
      value={ranking}
      onChange={setRanking}
      options={[
        { value: "by_mentions", label: t("overview.tab_mentions") },
        { value: "by_interactions", label: t("overview.tab_interactions") },
      ]}
    />
  );
  return (
    <Widget
      title={t("overview.sources_title")}
      remote={remote}
      onRetry={retry}
      isEmpty={(data) => data[ranking].length === 0}
      actions={tabs}
      testId="widget-sources"
    >
      {(data) => (
        <SourcesTable rows={data[ranking]} mentionsHref={(row) => link({ channel_ids: [row.channel_id], source: row.source_name })} />
      )}
    </Widget>
  );
}

/** `mentionsHref`: where a source's mentions are listed (its count becomes that link). */
export function SourcesTable({ rows, mentionsHref }: { rows: TopSource[]; mentionsHref?: (row: TopSource) => string }) {
  const { t } = useTranslation();
  return (
    // Narrow cards show the channel under the source instead of in its own column, and no rank column.
    <div className="@container -mx-4 overflow-x-auto">
      <table className="table table-sm">
        <thead>
          <tr>
            <th className="hidden w-10 pl-4 @lg:table-cell">#</th>
            <th className="pl-4 @lg:pl-3">{t("overview.source")}</th>
            <th className="hidden @lg:table-cell">{t("overview.channel")}</th>
            <th className="text-right">{t("overview.tab_mentions")}</th>
            <th className="pr-4 text-right">{t("overview.tab_interactions")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={`${row.channel_id}-${row.source_name}`}>
              <td className="hidden pl-4 tabular-nums text-base-content/60 @lg:table-cell">{i + 1}</td>
              <td className="max-w-64 pl-4 @lg:pl-3">
                <span className="line-clamp-2 font-medium">
                  {row.source_url ? <ExternalLink href={row.source_url}>{row.source_name}</ExternalLink> : row.source_name}
                </span>
                <span className="mt-1 block @lg:hidden">
                  <ChannelBadge channelId={row.channel_id} />
                </span>
              </td>
              <td className="hidden @lg:table-cell">
                <ChannelBadge channelId={row.channel_id} />
              </td>
              <td className="text-right tabular-nums" data-testid="source-mentions">
                {mentionsHref ? (
                  <a
                    href={mentionsHref(row)}
                    className="link link-hover font-medium"
                    aria-label={t("overview.source_mentions_link", {
                      count: row.total_mention,
                      value: formatNumber(row.total_mention),
                      source: row.source_name,
                    })}
                  >
                    {formatNumber(row.total_mention)}
                  </a>
                ) : (
                  formatNumber(row.total_mention)
                )}
              </td>
              <td className="pr-4 text-right tabular-nums">{formatNumber(row.total_interaction)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
