import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api, type QueryParams } from "../../client/api.ts";
import { ApiFailure } from "../../client/api-error.ts";
import type { IncidentDetail } from "../../shared/schemas/incident-answers.ts";
import { formatDate } from "../../shared/format.ts";
import { MAX_SEARCH_LENGTH } from "../../shared/limits.ts";
import { SENTIMENTS } from "../../shared/sentiment.ts";
import { showToast } from "../../stores/toasts.ts";
import { Dropdown } from "../../ui/Dropdown.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { Pagination } from "../../ui/Pagination.tsx";
import { SegmentedTabs } from "../../ui/SegmentedTabs.tsx";
import { WidgetBody } from "../kit/Widget.tsx";
import { MentionPicker } from "./MentionPicker.tsx";
import { useRemote } from "../kit/use-dashboard-data.ts";

type Mode = "attached" | "find";
type Search = { text: string; sentiment: string; page: number };
const PAGE_SIZE = 20;
const DEBOUNCE_MS = 400;
const EMPTY_SEARCH: Search = { text: "", sentiment: "all", page: 1 };

/**
 * The incident's mentions, searchable, to detach some; and the project's mentions of the incident's days, to attach
 * more. Both change the incident's history; the header's count follows (onChanged).
 */
export function RelatedMentions({ incident, onChanged }: { incident: IncidentDetail; onChanged: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>("attached");
  const [search, setSearch] = useState(EMPTY_SEARCH);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const query = mode === "attached" ? attachedQuery(incident, search) : candidateQuery(incident, search);
  const load = () => (mode === "attached" ? api.incidentMentions(query) : api.mentionIndex(query));
  const { remote, retry } = useRemote(load, JSON.stringify({ mode, query, version }));

  const switchMode = (next: Mode) => {
    setMode(next);
    setSearch(EMPTY_SEARCH);
    setSelected(new Set());
  };
  const select = (ids: number[], on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });
  const apply = async () => {
    setBusy(true);
    try {
      const ids = [...selected];
      const { changed } = mode === "attached" ? await api.detachMentions(incident.id, ids) : await api.attachMentions(incident.id, ids);
      showToast("success", t(mode === "attached" ? "crisis.related.detached" : "crisis.related.attached", { count: changed }));
      setSelected(new Set());
      setVersion((v) => v + 1);
      onChanged();
    } catch (error) {
      showToast("error", error instanceof ApiFailure ? error.message : t("error.internal"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card border border-base-300 bg-base-100" data-testid="related-mentions" data-mode={mode} data-state={remote.status}>
      <div className="flex flex-col gap-3 p-4">
        <header className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-base font-semibold">{t("crisis.related.title")}</h2>
          <SegmentedTabs
            label={t("crisis.related.title")}
            value={mode}
            onChange={switchMode}
            options={[
              { value: "attached", label: t("crisis.related.attached_tab", { count: incident.total_mention }) },
              { value: "find", label: t("crisis.related.find_tab") },
            ]}
          />
        </header>
        {mode === "find" && <p className="text-sm text-base-content/70">{t("crisis.related.find_hint")}</p>}
        <SearchFields key={mode} search={search} onSearch={(next) => setSearch({ ...search, ...next, page: 1 })} />
        <div className="flex min-h-10 flex-wrap items-center gap-3">
          <span className="text-sm text-base-content/70" data-testid="related-total">
            {remote.status === "ready" ? t("crisis.related.total", { count: remote.data.total }) : ""}
          </span>
          <button
            type="button"
            className={`btn btn-sm ml-auto ${mode === "attached" ? "btn-outline btn-error" : "btn-primary"}`}
            disabled={selected.size === 0 || busy}
            onClick={apply}
            data-testid={mode === "attached" ? "detach-selected" : "attach-selected"}
          >
            {busy && <span className="loading loading-spinner loading-xs" />}
            {t(mode === "attached" ? "crisis.related.detach" : "crisis.related.attach", { count: selected.size })}
          </button>
        </div>
      </div>
      <WidgetBody remote={remote} onRetry={retry} isEmpty={(page) => page.data.length === 0}>
        {(page) => (
          <>
            <MentionPicker
              mentions={page.data}
              selected={selected}
              onSelect={select}
              testId={mode === "attached" ? "attached-list" : "candidate-list"}
            />
            <div className="flex justify-center p-3 empty:hidden">
              <Pagination
                page={search.page}
                totalPages={Math.ceil(page.total / PAGE_SIZE)}
                onPage={(p) => setSearch({ ...search, page: p })}
              />
            </div>
          </>
        )}
      </WidgetBody>
    </section>
  );
}

function attachedQuery(incident: IncidentDetail, search: Search): QueryParams {
  return { id: incident.id, page: search.page, ...searchParams(search) };
}

/** The project's mentions from the day the incident started to the day it ended (or today), newest first. */
function candidateQuery(incident: IncidentDetail, search: Search): QueryParams {
  return {
    project_id: incident.project_id,
    type_time: "custom",
    start_date: formatDate(incident.start_date),
    end_date: formatDate(incident.end_date ?? new Date()),
    page: search.page,
    ...searchParams(search),
  };
}

function searchParams(search: Search): QueryParams {
  return { ...(search.text ? { search: search.text } : {}), ...(search.sentiment !== "all" ? { sentiment_ids: search.sentiment } : {}) };
}

/** Search text (applied once typing pauses) and sentiment. */
function SearchFields({ search, onSearch }: { search: Search; onSearch: (next: Partial<Search>) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(search.text);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  useEffect(() => {
    if (text.trim() === search.text) return;
    const timer = setTimeout(() => onSearchRef.current({ text: text.trim() }), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search.text]);
  return (
    <div className="grid grid-cols-1 gap-3 @2xl:grid-cols-[2fr_1fr]">
      <label className="flex min-w-0 flex-col gap-1">
        <span className="text-sm font-medium">{t("filters.search_label")}</span>
        <span className="input w-full">
          <Icon path="M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.3-4.3" className="size-4 shrink-0 opacity-60" />
          <input
            type="search"
            className="grow"
            placeholder={t("filters.search_placeholder")}
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={MAX_SEARCH_LENGTH}
            data-testid="related-search"
          />
        </span>
      </label>
      <Dropdown
        label={t("filters.sentiment_label")}
        id="related-sentiment"
        searchable={false}
        value={search.sentiment}
        options={[
          { value: "all", label: t("crisis.related.all_sentiments") },
          ...SENTIMENTS.map((s) => ({ value: String(s.id), label: t(`filters.sentiment.${s.name}`) })),
        ]}
        onChange={(sentiment) => onSearch({ sentiment: String(sentiment) })}
      />
    </div>
  );
}
