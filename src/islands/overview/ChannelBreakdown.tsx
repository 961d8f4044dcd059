import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import type { ChannelFigure } from "../../client/types.ts";
import { channelById } from "../../shared/channels.ts";
import { formatNumber, formatPercent, percentages } from "../../shared/format.ts";
import { channelName } from "../../ui/channel-name.ts";
import { SegmentedTabs } from "../../ui/SegmentedTabs.tsx";
import { useMentionLink } from "../kit/mention-link.ts";
import { useDashboardData } from "../kit/use-dashboard-data.ts";
import { Widget } from "../kit/Widget.tsx";

type Metric = "total_mention" | "total_interaction";

/** Mentions or interactions per channel, as bars in the channel colours, biggest first. */
export function ChannelBreakdown() {
  const { t } = useTranslation();
  const [metric, setMetric] = useState<Metric>("total_mention");
  const { remote, retry } = useDashboardData(api.numberMention);
  const tabs = (
    <SegmentedTabs
      label={t("overview.channels_title")}
      value={metric}
      onChange={setMetric}
      options={[
        { value: "total_mention", label: t("overview.tab_mentions") },
        { value: "total_interaction", label: t("overview.tab_interactions") },
      ]}
    />
  );
  return (
    <Widget
      title={t("overview.channels_title")}
      remote={remote}
      onRetry={retry}
      isEmpty={(rows) => rows.every((r) => r.total_mention === 0)}
      skeleton="bars"
      actions={tabs}
      testId="widget-channels"
    >
      {(rows) => <ChannelBars rows={[...rows].sort((a, b) => b[metric] - a[metric])} metric={metric} />}
    </Widget>
  );
}

function ChannelBars({ rows, metric }: { rows: ChannelFigure[]; metric: Metric }) {
  const { t } = useTranslation();
  const link = useMentionLink("overview");
  const shares = percentages(rows.map((r) => r[metric]));
  const max = Math.max(1, ...rows.map((r) => r[metric]));
  return (
    <ul className="@container flex flex-col gap-2.5">
      {rows.map((row, i) => (
        // Narrow cards: name and figures on one line, the bar under them; wide cards: one line each.
        <li key={row.channel_id} data-channel={row.channel_id} data-mentions={row.total_mention}>
          <a
            href={link({ channel_ids: [row.channel_id] })}
            className="-mx-1 grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 rounded px-1 text-sm hover:bg-base-200 @sm:grid-cols-[9.5rem_1fr_auto]"
          >
            <span className="truncate" title={channelName(t, row.channel_id)}>
              {channelName(t, row.channel_id)}
            </span>
            <span className="order-last col-span-2 h-2.5 overflow-hidden rounded-full bg-base-200 @sm:order-none @sm:col-span-1">
              <span
                className="block h-full rounded-full"
                style={{ width: `${(row[metric] / max) * 100}%`, backgroundColor: channelById(row.channel_id)?.color }}
              />
            </span>
            <span className="w-28 text-right tabular-nums">
              <span className="font-medium">{formatNumber(row[metric])}</span>
              <span className="ml-2 text-base-content/60">{formatPercent(shares[i])}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
