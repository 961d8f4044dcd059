import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { ApiFailure } from "../../client/api-error.ts";
import type { Mention, MentionChanges } from "../../client/types.ts";
import { showToast } from "../../stores/toasts.ts";
import { useDashboardData } from "../dashboard/use-dashboard-data.ts";
import { applyChanges, idsByProject, restoreMentions } from "./mention-edits.ts";

/** The page of mentions for the filters, with edits shown at once and rolled back if the server refuses them. */
export function useMentionList() {
  const { t } = useTranslation();
  const list = useDashboardData(api.mentionIndex);

  const edit = async (targets: Mention[], changes: MentionChanges): Promise<boolean> => {
    if (targets.length === 0) return false;
    list.update((page) => applyChanges(page, targets, changes));
    try {
      for (const [project_id, ids] of idsByProject(targets)) await api.updateMentions({ project_id, ids, ...changes });
      return true;
    } catch (error) {
      list.update((page) => restoreMentions(page, targets));
      showToast("error", error instanceof ApiFailure && error.message ? error.message : t("mention.update_failed"));
      return false;
    }
  };

  return { ...list, edit };
}
