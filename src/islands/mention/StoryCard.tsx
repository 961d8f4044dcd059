import { useStore } from "@nanostores/react";
import { Fragment, useEffect, useEffectEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import type { Mention, MentionChanges, StoryItem } from "../../client/types.ts";
import { formatDateTime, formatNumber } from "../../shared/format.ts";
import { apiParams } from "../../stores/filter-params.ts";
import { $filters, $routeChannels } from "../../stores/filters.ts";
import { ChannelBadge } from "../../ui/ChannelBadge.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { mentionKey } from "./mention-edits.ts";
import { MentionItem } from "./MentionItem.tsx";
import { StoryOfferBar } from "./StoryOfferBar.tsx";
import type { useStoryOffer } from "./use-story-offer.ts";

const CHANNELS_SHOWN = 4;

type Props = {
  item: StoryItem;
  /** The mention with any change not yet reloaded. */
  shown: (mention: Mention) => Mention;
  onEdit: (mention: Mention, changes: MentionChanges) => void;
  story: ReturnType<typeof useStoryOffer>;
  /** Changes when the story's mentions may have changed (applied to the story, undone): the copies are read again. */
  generation: number;
};

/** One story of the list grouped by story: its numbers, the mention that shows it, and its other mentions on demand. */
export function StoryCard({ item, shown, onEdit, story, generation }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [copies, setCopies] = useState<{ mentions: Mention[]; total: number; page: number; perPage: number } | null>(null);
  const [loading, setLoading] = useState(false);
  const filters = useStore($filters);
  const scope = useStore($routeChannels);
  const others = item.copies - 1;

  const load = async (page: number) => {
    if (item.story_id === null) return;
    setLoading(true);
    try {
      const { group: _group, ...params } = apiParams(filters, scope);
      const answer = await api.storyMentions(item.story_id, { ...params, project_id: item.project_id, page });
      const mentions = answer.data.filter((m) => m.id !== item.mention.id);
      setCopies((before) => ({
        mentions: page === 1 || !before ? mentions : [...before.mentions, ...mentions],
        total: answer.total,
        page,
        perPage: answer.per_page,
      }));
    } finally {
      setLoading(false);
    }
  };

  const loadFirstPage = useEffectEvent(() => void load(1));
  // biome-ignore lint/correctness/useExhaustiveDependencies(generation): a new generation is the signal to read the copies again
  useEffect(() => {
    if (open) loadFirstPage();
  }, [open, generation]);

  const row = (mention: Mention) => (
    <Fragment key={mentionKey(mention)}>
      <MentionItem mention={shown(mention)} onEdit={(changes) => onEdit(mention, changes)} />
      {story.offer?.key === mentionKey(mention) && (
        <li>
          <StoryOfferBar
            offer={story.offer}
            onApply={() => void story.apply()}
            onUndo={() => void story.undo()}
            onDismiss={story.dismiss}
          />
        </li>
      )}
    </Fragment>
  );

  return (
    <li className="flex flex-col" data-testid="story-item" data-story={item.story_id ?? ""} data-copies={item.copies}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 px-4 pt-3 text-xs text-base-content/70">
        <span className="badge badge-soft badge-primary badge-sm font-semibold" data-testid="story-count">
          {t("story.mentions", { count: item.copies, value: formatNumber(item.copies) })}
        </span>
        {/* Narrow screens count the channels; wide ones name them. */}
        <span className="@2xl:hidden">
          {t("story.channels", { count: item.channel_ids.length, value: formatNumber(item.channel_ids.length) })}
        </span>
        <span
          className="hidden flex-wrap items-center gap-1 @2xl:flex"
          title={t("story.channels", { count: item.channel_ids.length, value: formatNumber(item.channel_ids.length) })}
        >
          {item.channel_ids.slice(0, CHANNELS_SHOWN).map((id) => (
            <ChannelBadge key={id} channelId={id} />
          ))}
          {item.channel_ids.length > CHANNELS_SHOWN && <span>+{formatNumber(item.channel_ids.length - CHANNELS_SHOWN)}</span>}
        </span>
        <time className="tabular-nums" dateTime={item.first_published_at}>
          {t("story.period", { first: formatDateTime(item.first_published_at), latest: formatDateTime(item.latest_published_at) })}
        </time>
        {others > 0 && item.story_id !== null && (
          <button
            type="button"
            className="btn btn-ghost btn-xs ml-auto"
            aria-expanded={open}
            onClick={() => setOpen(!open)}
            data-testid="story-expand"
          >
            {t(open ? "story.hide_mentions" : "story.show_mentions")}
            <Icon path={open ? "M18 15l-6-6-6 6" : "M6 9l6 6 6-6"} className="size-3.5" />
          </button>
        )}
      </div>
      <ul>{row(item.mention)}</ul>
      {open && (
        <div className="mx-4 mb-3 border-l-2 border-primary/30 pl-1" data-testid="story-copies">
          {copies && <ul className="divide-y divide-base-200">{copies.mentions.map(row)}</ul>}
          {loading && <span className="loading loading-spinner loading-sm m-3" role="status" aria-label={t("state.loading")} />}
          {copies && !loading && copies.page * copies.perPage < copies.total && (
            <button type="button" className="btn btn-ghost btn-sm m-2" onClick={() => void load(copies.page + 1)}>
              {t("story.more_mentions")}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
