import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import type { Mention, MentionChanges } from "../../client/types.ts";
import { channelById, platformName } from "../../shared/channels.ts";
import { formatDateTime, formatNumber } from "../../shared/format.ts";
import { ECOMMERCE_SOURCE } from "../../shared/mention.ts";
import { $projectLists } from "../../stores/project-lists.ts";
import { ChannelBadge } from "../../ui/ChannelBadge.tsx";
import { OriginalLink } from "../../ui/OriginalLink.tsx";
import { RatingStars } from "../../ui/RatingStars.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { SentimentReasonsTip } from "../../ui/SentimentReasonsTip.tsx";
import { mentionLabels } from "./mention-labels.ts";
import { SentimentSelect } from "./SentimentSelect.tsx";

/** Ratings belong to app, map and e-commerce reviews. */
const RATED_GROUPS = new Set(["review", "ecommerce"]);

const METRICS = [
  ["likes", "M7 10v11M3 11h4v10H3zM7 11l4-8a2 2 0 0 1 2 2v4h6a2 2 0 0 1 2 2.3l-1.2 7A2 2 0 0 1 17.8 20H7"],
  ["shares", "M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7M16 6l-4-4-4 4M12 2v13"],
  ["comments", "M21 12a8 8 0 0 1-11.6 7.1L4 21l1.9-5.4A8 8 0 1 1 21 12z"],
  ["views", "M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z"],
] as const;

const INFO_ICON = "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 16v-4M12 8h.01";

/** Dots by processing status: pending stands out, finished work recedes; the text stays dark to be readable. */
const STATUS_DOTS = ["bg-warning", "bg-info", "bg-base-300", "bg-success"] as const;

/** Without `onSelect`, the mention has no checkbox (a mention shown in its story). */
type Props = { mention: Mention; selected?: boolean; onSelect?: (selected: boolean) => void; onEdit: (changes: MentionChanges) => void };

export function MentionItem({ mention, selected = false, onSelect, onEdit }: Props) {
  const { t } = useTranslation();
  const labels = mentionLabels(t);
  const author = mention.author_name || mention.source_name;
  const platform = platformName(mention.platform);
  const group = channelById(mention.channel_id)?.group;
  const { subBrands, services } = useStore($projectLists);
  const subBrand = subBrands.find((s) => s.id === mention.sub_brand_id);
  const service = services.find((s) => s.id === mention.service_id);
  return (
    <li
      className={`flex gap-3 px-4 py-3 ${selected ? "bg-primary/5" : ""}`}
      data-testid="mention-item"
      data-id={mention.id}
      data-interactions={mention.interactions}
    >
      {onSelect && (
        <input
          type="checkbox"
          className="checkbox checkbox-sm mt-0.5"
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
          aria-label={t("mention.select_one")}
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
          <ChannelBadge channelId={mention.channel_id} />
          <span className="badge badge-ghost badge-sm" data-testid="mention-type">
            {labels.type(mention.mention_type)}
          </span>
          {mention.ecommerce_source && (
            <span
              className={`badge badge-soft badge-sm ${mention.ecommerce_source === ECOMMERCE_SOURCE.shopee ? "badge-warning" : "badge-neutral"}`}
              data-testid="ecommerce-source"
            >
              {labels.ecommerce(mention.ecommerce_source)}
            </span>
          )}
          {subBrand && <span className="badge badge-outline badge-sm">{subBrand.name}</span>}
          {service && <span className="badge badge-outline badge-sm">{service.name}</span>}
          {author && <span className="max-w-56 truncate font-medium">{author}</span>}
          {platform && <span className="max-w-40 truncate text-base-content/60">{platform}</span>}
          <time className="tabular-nums text-base-content/60" dateTime={mention.published_at}>
            {formatDateTime(mention.published_at)}
          </time>
        </div>
        {mention.title && <h3 className="text-sm font-semibold">{mention.title}</h3>}
        <p className="line-clamp-3 text-sm whitespace-pre-line text-base-content/80">{mention.content}</p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-base-content/70">
          {mention.rating !== null && group && RATED_GROUPS.has(group) && <RatingStars rating={mention.rating} />}
          {METRICS.map(([metric, icon]) => (
            <span key={metric} className="inline-flex items-center gap-1 tabular-nums" title={t(`mention.metric.${metric}`)}>
              <Icon path={icon} className="size-3.5" />
              <span className="sr-only">{t(`mention.metric.${metric}`)}</span>
              {formatNumber(mention[metric])}
            </span>
          ))}
          <span className="ml-auto flex flex-wrap items-center justify-end gap-2">
            <SentimentSelect
              sentiment={mention.sentiment}
              manual={mention.sentiment_source === "manual"}
              onChange={(sentiment) => onEdit({ sentiment })}
            />
            {/* Keyed by who set the sentiment: after a correction the reasons are loaded again, saying so. */}
            <SentimentReasonsTip key={mention.sentiment_source} load={() => api.sentimentReasons(mention.project_id, mention.id)}>
              <Icon path={INFO_ICON} className="size-4 text-base-content/60" />
            </SentimentReasonsTip>
            <span className="badge badge-ghost badge-sm gap-1.5 whitespace-nowrap" data-testid="mention-status">
              <span aria-hidden="true" className={`size-2 rounded-full ${STATUS_DOTS[mention.status]}`} />
              {labels.status(mention.status)}
            </span>
            <OriginalLink mention={mention} />
          </span>
        </div>
      </div>
    </li>
  );
}
