import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { ApiFailure } from "../../client/api-error.ts";
import type { Mention, MentionChanges, MentionsUpdated } from "../../client/types.ts";
import { formatNumber } from "../../shared/format.ts";
import { showToast } from "../../stores/toasts.ts";
import { mentionKey } from "./mention-edits.ts";

/** After one mention's sentiment or status changed: the offer to apply it to its story, then the way to undo that. */
export type StoryOffer = {
  /** The edited mention (mentionKey). */
  key: string;
  projectId: number;
  id: number;
  changes: MentionChanges;
  others: number;
  state: "offered" | "applying" | "applied" | "undoing";
  editId: number | null;
};

const failure = (error: unknown, fallback: string) => (error instanceof ApiFailure && error.message ? error.message : fallback);

/** `onChanged` reloads what the story's mentions look like once the story was changed or restored. */
export function useStoryOffer(onChanged: () => void) {
  const { t } = useTranslation();
  const [offer, setOffer] = useState<StoryOffer | null>(null);
  // Stable, so that the lists can dismiss the offer from an effect.
  const dismiss = useCallback(() => setOffer(null), []);

  /** Called with the server's answer to a change of one mention. */
  const consider = (mention: Mention, changes: MentionChanges, answer: MentionsUpdated | null) => {
    const story = answer?.story;
    const judged = changes.sentiment !== undefined || changes.status !== undefined;
    setOffer(
      story && judged
        ? {
            key: mentionKey(mention),
            projectId: mention.project_id,
            id: mention.id,
            changes,
            others: story.others,
            state: "offered",
            editId: null,
          }
        : null,
    );
  };

  const apply = async () => {
    if (!offer) return;
    setOffer({ ...offer, state: "applying" });
    try {
      const answer = await api.updateMentions({ project_id: offer.projectId, ids: [offer.id], ...offer.changes, apply_to_story: true });
      setOffer({ ...offer, state: "applied", others: answer.updated, editId: answer.edit_id });
      onChanged();
    } catch (error) {
      setOffer({ ...offer, state: "offered" });
      showToast("error", failure(error, t("story.apply_failed")));
    }
  };

  const undo = async () => {
    if (!offer?.editId) return;
    setOffer({ ...offer, state: "undoing" });
    try {
      const answer = await api.undoEdit({ project_id: offer.projectId, edit_id: offer.editId });
      setOffer(null);
      showToast("success", t("story.undone", { count: answer.restored, value: formatNumber(answer.restored) }));
      onChanged();
    } catch (error) {
      setOffer({ ...offer, state: "applied" });
      showToast("error", failure(error, t("story.undo_failed")));
    }
  };

  return { offer, consider, apply, undo, dismiss };
}
