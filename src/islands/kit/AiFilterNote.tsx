import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import { ACCOUNT_TYPE } from "../../shared/account.ts";
import { $user } from "../../client/session.ts";
import { Icon } from "../../ui/Icon.tsx";

/** Trial accounts see their data through the AI filters (spec §1), and should know why some mentions are missing. */
export function AiFilterNote() {
  const { t } = useTranslation();
  const user = useStore($user);
  if (!user || user.account_type === ACCOUNT_TYPE.contracted) return null;
  return (
    <p className="flex items-center gap-2 rounded-box bg-info/10 px-3 py-2 text-sm text-base-content/80" data-testid="ai-filter-note">
      <Icon path="M12 3l2.4 5.6L20 11l-5.6 2.4L12 19l-2.4-5.6L4 11l5.6-2.4z" className="size-4 shrink-0 text-info" />
      {t("filters.ai_note")}
    </p>
  );
}
