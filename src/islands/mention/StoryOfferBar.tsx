import { useTranslation } from "react-i18next";
import { formatNumber } from "../../shared/format.ts";
import type { StoryOffer } from "./use-story-offer.ts";

type Props = { offer: StoryOffer; onApply: () => void; onUndo: () => void; onDismiss: () => void };

/** "Apply to the N other mentions of this story", under the mention just changed; once applied, the undo. */
export function StoryOfferBar({ offer, onApply, onUndo, onDismiss }: Props) {
  const { t } = useTranslation();
  const busy = offer.state === "applying" || offer.state === "undoing";
  const applied = offer.state === "applied" || offer.state === "undoing";
  return (
    <div
      role="status"
      className="alert alert-soft alert-info mx-4 mb-3 flex flex-wrap items-center gap-2 px-3 py-2 text-sm"
      data-testid="story-offer"
      data-state={offer.state}
    >
      <span className="flex-1">
        {t(applied ? "story.applied" : "story.offer", { count: offer.others, value: formatNumber(offer.others) })}
      </span>
      {applied ? (
        <button type="button" className="btn btn-sm btn-outline" disabled={busy} onClick={onUndo} data-testid="story-undo">
          {busy && <span className="loading loading-spinner loading-xs" />}
          {t("story.undo")}
        </button>
      ) : (
        <>
          <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={onApply} data-testid="story-apply">
            {busy && <span className="loading loading-spinner loading-xs" />}
            {t("story.apply")}
          </button>
          <button type="button" className="btn btn-sm btn-ghost" disabled={busy} onClick={onDismiss}>
            {t("story.dismiss")}
          </button>
        </>
      )}
    </div>
  );
}
