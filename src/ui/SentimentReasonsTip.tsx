import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { SentimentReasons } from "../shared/api-types.ts";
import { formatPercent } from "../shared/format.ts";
import { SENTIMENTS, type Sentiment } from "../shared/sentiment.ts";

type Remote = { state: "loading" } | { state: "failed" } | { state: "done"; reasons: SentimentReasons };

/** Tailwind's w-72, at most the viewport less 2rem (its max-w): the panel starts under the button, moved back as far as
 * it must to end inside the viewport. */
const PANEL_WIDTH = 288;
const MARGIN = 8;
const panelWidth = (viewport: number) => Math.min(PANEL_WIDTH, viewport - 32);

/**
 * A button (`children` is its look) that shows why the model reads a mention as it does, on hover, focus or tap:
 * the reasons are loaded by `load` when first shown, and again on the next showing after a failure. A tap or click
 * keeps the panel open; Escape, a tap elsewhere or leaving the button closes it.
 */
export function SentimentReasonsTip({ load, children }: { load: () => Promise<SentimentReasons>; children: ReactNode }) {
  const { t } = useTranslation();
  const panelId = useId();
  const rootRef = useRef<HTMLSpanElement>(null);
  const requested = useRef(false);
  const [open, setOpen] = useState(false);
  const [pinned, setPinned] = useState(false);
  const [shift, setShift] = useState(0);
  const [remote, setRemote] = useState<Remote>({ state: "loading" });

  function show() {
    if (open) return;
    const rect = rootRef.current?.getBoundingClientRect();
    const viewport = document.documentElement.clientWidth;
    if (rect) setShift(Math.min(0, viewport - MARGIN - panelWidth(viewport) - rect.left));
    setOpen(true);
    if (requested.current) return;
    requested.current = true;
    setRemote({ state: "loading" });
    load().then(
      (reasons) => setRemote({ state: "done", reasons }),
      () => {
        requested.current = false;
        setRemote({ state: "failed" });
      },
    );
  }

  const hide = useCallback(() => {
    setOpen(false);
    setPinned(false);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.stopPropagation(); // only the panel closes, not a dialog around it
      hide();
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) hide();
    };
    document.addEventListener("keydown", onKey, true);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey, true);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, hide]);

  return (
    <span
      ref={rootRef}
      className="relative inline-flex shrink-0"
      onPointerEnter={(e) => e.pointerType === "mouse" && show()}
      onPointerLeave={(e) => e.pointerType === "mouse" && !pinned && hide()}
    >
      <button
        type="button"
        className="inline-flex cursor-help items-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        aria-expanded={open}
        aria-describedby={open ? panelId : undefined}
        onFocus={show}
        onBlur={hide}
        onClick={() => {
          if (pinned) return hide();
          show();
          setPinned(true);
        }}
        data-testid="sentiment-reasons-button"
      >
        {children}
        <span className="sr-only">{t("sentiment_reasons.why")}</span>
      </button>
      {open && (
        // The padding, not a margin, joins the panel to the button, so the pointer can move onto it without closing it.
        <span className="absolute top-full z-30 pt-1" style={{ left: shift }}>
          <span
            id={panelId}
            role="tooltip"
            className="block w-72 max-w-[calc(100vw-2rem)] rounded-box border border-base-300 bg-base-100 p-3 text-left text-xs font-normal text-base-content shadow-lg"
            data-testid="sentiment-reasons"
          >
            <span aria-live="polite" className="flex flex-col gap-1.5">
              <ReasonsText remote={remote} />
            </span>
          </span>
        </span>
      )}
    </span>
  );
}

function ReasonsText({ remote }: { remote: Remote }) {
  const { t } = useTranslation();
  if (remote.state === "loading")
    return (
      <span className="inline-flex items-center gap-2 text-base-content/70">
        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        {t("sentiment_reasons.loading")}
      </span>
    );
  if (remote.state === "failed") return <span className="text-error">{t("sentiment_reasons.failed")}</span>;
  const { label, scores, source, top, read_as, rating, words_alone } = remote.reasons;
  const values = readingValues(t, label, scores);
  const manual = source === "manual";
  const reading = `sentiment_reasons.${manual ? "model_read_as" : "read_as"}${top.length === 0 ? "_no_words" : ""}` as const;
  return (
    <>
      {manual && <span className="font-semibold">{t("sentiment_reasons.manual")}</span>}
      <span>{t(reading, values)}</span>
      {top.length > 0 && (
        <span className="flex flex-wrap gap-1">
          {top.map((word) => (
            <q key={word.text} className="rounded bg-base-200 px-1.5 py-0.5 font-medium">
              {word.text}
            </q>
          ))}
        </span>
      )}
      {rating !== null && words_alone && (
        <span>{t("sentiment_reasons.stars", { count: rating, ...readingValues(t, words_alone.label, words_alone.scores) })}</span>
      )}
      {read_as !== "either" && <span className="text-base-content/70">{t(`sentiment_reasons.voice.${read_as}`)}</span>}
    </>
  );
}

/** A reading as the texts name it: its label in lower case and the label's probability. */
function readingValues(t: TFunction, label: Sentiment, scores: readonly number[]) {
  return {
    label: t(`filters.sentiment.${SENTIMENTS[label].name}`).toLocaleLowerCase(),
    probability: formatPercent(scores[label] * 100),
  };
}
