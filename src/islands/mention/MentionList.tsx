import { useStore } from "@nanostores/react";
import { Fragment, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Mention, MentionChanges, MentionPage } from "../../client/types.ts";
import { formatNumber } from "../../shared/format.ts";
import { MENTIONS_PAGE_SIZE } from "../../shared/limits.ts";
import { $filters, setFilters } from "../../stores/filters.ts";
import { showToast } from "../../stores/toasts.ts";
import { Pagination } from "../../ui/Pagination.tsx";
import { widgetState, WidgetBody } from "../kit/Widget.tsx";
import { BulkEditBar } from "./BulkEditBar.tsx";
import { GroupToggle } from "./GroupToggle.tsx";
import { mentionKey } from "./mention-edits.ts";
import { MentionItem } from "./MentionItem.tsx";
import { StoryOfferBar } from "./StoryOfferBar.tsx";
import { useMentionList } from "./use-mention-list.ts";
import { useStoryOffer } from "./use-story-offer.ts";

const isEmpty = (page: MentionPage) => page.data.length === 0;

/** One page (20) of the filtered mentions, with the total, inline and bulk edits, and the pages. */
export function MentionList() {
  const { t } = useTranslation();
  const { remote, retry, edit } = useMentionList();
  const story = useStoryOffer(retry);
  const filters = useStore($filters);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const topRef = useRef<HTMLElement>(null);
  const shown = remote.status === "ready" ? remote.data : remote.status === "loading" ? remote.previous : null;
  const totalPages = shown ? Math.ceil(shown.total / (shown.per_page || MENTIONS_PAGE_SIZE)) : 0;

  // Other filters or another page show other mentions: the selection and the story offer go.
  const { dismiss } = story;
  useEffect(
    () =>
      $filters.listen(() => {
        setSelected(new Set());
        dismiss();
      }),
    [dismiss],
  );

  const select = (mentions: Mention[], on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      for (const m of mentions) {
        if (on) next.add(mentionKey(m));
        else next.delete(mentionKey(m));
      }
      return next;
    });

  const applyToSelected = async (changes: MentionChanges) => {
    const targets = shown?.data.filter((m) => selected.has(mentionKey(m))) ?? [];
    const answer = await edit(targets, changes);
    if (answer) {
      // One mention changed by itself: its story may take the same change.
      story.consider(targets[0], changes, targets.length === 1 ? answer : null);
      showToast("success", t("mention.updated", { count: targets.length, value: formatNumber(targets.length) }));
      setSelected(new Set());
    }
  };

  const editOne = async (mention: Mention, changes: MentionChanges) => story.consider(mention, changes, await edit([mention], changes));
  const rows = { selected, onSelect: select, onEdit: editOne, story };

  const goToPage = (page: number) => {
    setFilters({ page });
    topRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  };

  const pageMentions = shown?.data ?? [];
  const allChosen = pageMentions.length > 0 && pageMentions.every((m) => selected.has(mentionKey(m)));
  return (
    <section
      ref={topRef}
      className="card scroll-mt-20 border border-base-300 bg-base-100"
      data-testid="mention-list"
      data-state={widgetState(remote, isEmpty)}
    >
      <header className="flex min-h-14 flex-wrap items-center gap-3 border-b border-base-300 px-4 py-2">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={allChosen}
          ref={(box) => {
            if (box) box.indeterminate = !allChosen && pageMentions.some((m) => selected.has(mentionKey(m)));
          }}
          disabled={pageMentions.length === 0}
          onChange={(e) => select(pageMentions, e.target.checked)}
          aria-label={t("mention.select_page")}
        />
        {selected.size > 0 ? (
          <BulkEditBar count={selected.size} onApply={(changes) => void applyToSelected(changes)} onClear={() => setSelected(new Set())} />
        ) : (
          <p className="text-sm" data-testid="mention-total">
            {shown ? t("mention.total", { count: shown.total, value: formatNumber(shown.total) }) : t("state.loading")}
          </p>
        )}
        {remote.status === "loading" && shown && (
          <span className="loading loading-spinner loading-sm ml-auto" role="status" aria-label={t("state.loading")} />
        )}
        {selected.size === 0 && <GroupToggle />}
      </header>
      {remote.status === "loading" && shown ? (
        <MentionRows mentions={shown.data} {...rows} dimmed />
      ) : (
        <div className={remote.status === "ready" && !isEmpty(remote.data) ? "" : "p-4"}>
          <WidgetBody remote={remote} onRetry={retry} isEmpty={isEmpty}>
            {(page) => <MentionRows mentions={page.data} {...rows} />}
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

type RowsProps = {
  mentions: Mention[];
  selected: ReadonlySet<string>;
  onSelect: (mentions: Mention[], on: boolean) => void;
  onEdit: (mention: Mention, changes: MentionChanges) => Promise<void>;
  story: ReturnType<typeof useStoryOffer>;
  dimmed?: boolean;
};

function MentionRows({ mentions, selected, onSelect, onEdit, story, dimmed = false }: RowsProps) {
  return (
    <ul className={`divide-y divide-base-200 transition-opacity ${dimmed ? "opacity-60" : ""}`}>
      {mentions.map((m) => (
        <Fragment key={mentionKey(m)}>
          <MentionItem
            mention={m}
            selected={selected.has(mentionKey(m))}
            onSelect={(on) => onSelect([m], on)}
            onEdit={(changes) => void onEdit(m, changes)}
          />
          {story.offer?.key === mentionKey(m) && (
            <li className="border-t-0">
              <StoryOfferBar
                offer={story.offer}
                onApply={() => void story.apply()}
                onUndo={() => void story.undo()}
                onDismiss={story.dismiss}
              />
            </li>
          )}
        </Fragment>
      ))}
    </ul>
  );
}
