import { useTranslation } from "react-i18next";
import type { Mention } from "../../client/types.ts";
import { formatNumber } from "../../shared/format.ts";
import { ChannelBadge } from "../../ui/ChannelBadge.tsx";
import { OriginalLink } from "../../ui/OriginalLink.tsx";
import { SentimentChip } from "../../ui/SentimentChip.tsx";
import { formatMinute } from "./format-time.ts";

type Props = {
  mentions: Mention[];
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], selected: boolean) => void;
  testId: string;
};

/** Mentions with a checkbox each (and one for the page), for attaching or detaching several at once. */
export function MentionPicker({ mentions, selected, onSelect, testId }: Props) {
  const { t } = useTranslation();
  const selectable = mentions.map((m) => m.id);
  const allSelected = selectable.length > 0 && selectable.every((id) => selected.has(id));
  return (
    <div className="flex flex-col" data-testid={testId}>
      <label className="flex items-center gap-3 border-b border-base-200 px-4 py-2 text-sm text-base-content/70">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={allSelected}
          disabled={selectable.length === 0}
          onChange={(e) => onSelect(selectable, e.target.checked)}
        />
        {t("mention.select_page")}
      </label>
      <ul className="divide-y divide-base-200">
        {mentions.map((mention) => {
          return (
            <li
              key={mention.id}
              className={`flex gap-3 px-4 py-3 ${selected.has(mention.id) ? "bg-primary/5" : ""}`}
              data-testid="picker-mention"
              data-id={mention.id}
            >
              <input
                type="checkbox"
                className="checkbox checkbox-sm mt-0.5"
                checked={selected.has(mention.id)}
                onChange={(e) => onSelect([mention.id], e.target.checked)}
                aria-label={t("mention.select_one")}
              />
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
                  <ChannelBadge channelId={mention.channel_id} />
                  <span className="max-w-56 truncate font-medium">{mention.author_name || mention.source_name}</span>
                  <time className="tabular-nums text-base-content/60" dateTime={mention.published_at}>
                    {formatMinute(mention.published_at)}
                  </time>
                </div>
                {mention.title && <p className="line-clamp-1 text-sm font-semibold">{mention.title}</p>}
                <p className="line-clamp-2 text-sm text-base-content/80">{mention.content}</p>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
                  <SentimentChip sentiment={mention.sentiment} />
                  <span className="tabular-nums text-base-content/70">
                    {t("overview.interactions_count", { count: mention.interactions, value: formatNumber(mention.interactions) })}
                  </span>
                  <OriginalLink mention={mention} className="ml-auto" />
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
