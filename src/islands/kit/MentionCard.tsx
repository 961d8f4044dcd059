import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import type { Mention } from "../../client/types.ts";
import { formatDateTime, formatNumber } from "../../shared/format.ts";
import { ChannelBadge } from "../../ui/ChannelBadge.tsx";
import { OriginalLink } from "../../ui/OriginalLink.tsx";
import { SentimentChip } from "../../ui/SentimentChip.tsx";

/**
 * A short mention: where, who, when, an excerpt, interactions, sentiment and the way to the original; shown for its
 * story, how many near-identical mentions it stands for (`copies`, itself included), a link to them (`storyHref`).
 */
export function MentionCard({ mention, copies = 1, storyHref }: { mention: Mention; copies?: number; storyHref?: string }) {
  const { t } = useTranslation();
  const author = mention.author_name || mention.source_name;
  return (
    <article className="flex flex-col gap-1.5 py-3" data-testid="mention-card">
      <div className="flex min-w-0 items-center gap-2 text-xs">
        <ChannelBadge channelId={mention.channel_id} />
        {author && <span className="min-w-0 truncate font-medium">{author}</span>}
        <time className="ml-auto shrink-0 tabular-nums text-base-content/60" dateTime={mention.published_at}>
          {formatDateTime(mention.published_at)}
        </time>
      </div>
      {mention.title && <h3 className="line-clamp-1 text-sm font-semibold">{mention.title}</h3>}
      <p className="line-clamp-2 text-sm text-base-content/80">{mention.content}</p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
        <SentimentChip sentiment={mention.sentiment} explain={() => api.sentimentReasons(mention.project_id, mention.id)} />
        <span className="tabular-nums text-base-content/70">
          {t("overview.interactions_count", { count: mention.interactions, value: formatNumber(mention.interactions) })}
        </span>
        {copies > 1 && (
          <a
            href={storyHref}
            className="badge badge-soft badge-primary badge-sm tabular-nums hover:badge-outline"
            title={t("story.similar_explain", { count: copies - 1, value: formatNumber(copies - 1) })}
            data-testid="story-similar"
            data-copies={copies}
          >
            {t("story.similar", { value: formatNumber(copies - 1) })}
          </a>
        )}
        <OriginalLink mention={mention} className="ml-auto" />
      </div>
    </article>
  );
}
