import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { ApiFailure } from "../../client/api-error.ts";
import type { Mention, MentionChanges, MentionsUpdated } from "../../client/types.ts";
import { showToast } from "../../stores/toasts.ts";
import { useDashboardData } from "../kit/use-dashboard-data.ts";
import { applyChanges, applyStates, idsByProject, restoreMentions } from "./mention-edits.ts";

/** The page of mentions for the filters, with edits shown at once and rolled back if the server refuses them. */
export function useMentionList() {
  const { t } = useTranslation();
  const list = useDashboardData(api.mentionIndex);

  /** The server's answer (the last project's, when the mentions belong to several), or null when it refused. */
  const edit = async (targets: Mention[], changes: MentionChanges): Promise<MentionsUpdated | null> => {
    if (targets.length === 0) return null;
    list.update((page) => applyChanges(page, targets, changes));
    try {
      let answer: MentionsUpdated | null = null;
      for (const [project_id, ids] of idsByProject(targets)) {
        const current = await api.updateMentions({ project_id, ids, ...changes });
        list.update((page) => applyStates(page, project_id, current.mentions));
        answer = current;
      }
      return answer;
    } catch (error) {
      list.update((page) => restoreMentions(page, targets));
      showToast("error", error instanceof ApiFailure && error.message ? error.message : t("mention.update_failed"));
      return null;
    }
  };

  return { ...list, edit };
}
