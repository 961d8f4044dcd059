import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { ApiFailure } from "../../client/api-error.ts";
import type { Mention, MentionChanges, StoryPage } from "../../client/types.ts";
import { formatNumber } from "../../shared/format.ts";
import { MENTIONS_PAGE_SIZE } from "../../shared/limits.ts";
import { $filters, setFilters } from "../../stores/filters.ts";
import { showToast } from "../../stores/toasts.ts";
import { Pagination } from "../../ui/Pagination.tsx";
import { useDashboardData } from "../kit/use-dashboard-data.ts";
import { widgetState, WidgetBody } from "../kit/Widget.tsx";
import { GroupToggle } from "./GroupToggle.tsx";
import { mentionKey, withChanges } from "./mention-edits.ts";
import { StoryCard } from "./StoryCard.tsx";
import { useStoryOffer } from "./use-story-offer.ts";

const isEmpty = (page: StoryPage) => page.data.length === 0;

/** The filtered mentions grouped by story: one card per story (20 a page), `total` counting stories. */
export function StoryList() {
  const { t } = useTranslation();
  const { remote, retry } = useDashboardData(api.storyIndex);
  const filters = useStore($filters);
  const [generation, setGeneration] = useState(0);
  const story = useStoryOffer(() => {
    retry();
    setGeneration((n) => n + 1);
  });
  // Changes shown at once, until the list is read again.
  const [edited, setEdited] = useState<ReadonlyMap<string, Mention>>(new Map());
  const topRef = useRef<HTMLElement>(null);
  const shown = remote.status === "ready" ? remote.data : remote.status === "loading" ? remote.previous : null;
  const totalPages = shown ? Math.ceil(shown.total / (shown.per_page || MENTIONS_PAGE_SIZE)) : 0;

  // Other filters or another page show other stories: the story offer goes.
  const { dismiss } = story;
  useEffect(() => $filters.listen(() => dismiss()), [dismiss]);
  useEffect(() => {
    if (remote.status === "ready") setEdited(new Map());
  }, [remote]);

  const current = (mention: Mention) => edited.get(mentionKey(mention)) ?? mention;
  const remember = (mention: Mention) => setEdited((before) => new Map(before).set(mentionKey(mention), mention));

  const edit = async (mention: Mention, changes: MentionChanges) => {
    const before = current(mention);
    remember(withChanges(before, changes));
    try {
      const answer = await api.updateMentions({ project_id: mention.project_id, ids: [mention.id], ...changes });
      const state = answer.mentions.find((m) => m.id === mention.id);
      if (state) remember({ ...before, ...changes, ...state });
      story.consider(mention, changes, answer);
    } catch (error) {
      remember(before);
      showToast("error", error instanceof ApiFailure && error.message ? error.message : t("mention.update_failed"));
    }
  };

  const goToPage = (page: number) => {
    setFilters({ page });
    topRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  };

  const cards = (page: StoryPage, dimmed = false) => (
    <ul className={`divide-y divide-base-200 transition-opacity ${dimmed ? "opacity-60" : ""}`}>
      {page.data.map((item) => (
        <StoryCard
          key={`${item.project_id}:${item.story_id ?? -item.mention.id}`}
          item={item}
          shown={current}
          onEdit={(m, c) => void edit(m, c)}
          story={story}
          generation={generation}
        />
      ))}
    </ul>
  );

  return (
    <section
      ref={topRef}
      className="card scroll-mt-20 border border-base-300 bg-base-100"
      data-testid="mention-list"
      data-grouped="story"
      data-state={widgetState(remote, isEmpty)}
    >
      <header className="flex min-h-14 flex-wrap items-center gap-3 border-b border-base-300 px-4 py-2">
        <p className="text-sm" data-testid="mention-total">
          {shown ? t("story.total", { count: shown.total, value: formatNumber(shown.total) }) : t("state.loading")}
        </p>
        {remote.status === "loading" && shown && (
          <span className="loading loading-spinner loading-sm ml-auto" role="status" aria-label={t("state.loading")} />
        )}
        <GroupToggle />
      </header>
      {/* The cards stay where they are while the page reloads, so an opened story stays open. */}
      {shown && !isEmpty(shown) && remote.status !== "error" ? (
        cards(shown, remote.status === "loading")
      ) : (
        <div className="p-4">
          <WidgetBody remote={remote} onRetry={retry} isEmpty={isEmpty}>
            {(page) => cards(page)}
          </WidgetBody>
        </div>
      )}
      {shown && totalPages > 1 && (
        <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-base-300 px-4 py-3">
          <span className="text-sm text-base-content/70" data-testid="page-info">
            {t("mention.page_of", { page: formatNumber(filters.page), pages: formatNumber(totalPages) })}
          </span>
          <Pagination page={filters.page} totalPages={totalPages} onPage={goToPage} />
        </footer>
      )}
    </section>
  );
}
