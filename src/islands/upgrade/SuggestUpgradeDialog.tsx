import { useStore } from "@nanostores/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { localePath, type Lang } from "../../i18n/index.ts";
import { I18nIsland } from "../../i18n/react.tsx";
import { shouldSuggestUpgrade } from "../../shared/account.ts";
import { $user } from "../../client/session.ts";
import { $startup } from "../../stores/startup.ts";
import { Dialog } from "../../ui/Dialog.tsx";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { postponeUpgradeSuggestion, upgradeSuggestionPostponed } from "../kit/upgrade-suggestion.ts";
import { useUpgradeRequest } from "./use-upgrade-request.ts";

export default function SuggestUpgradeDialog({ lang }: { lang: Lang }) {
  return (
    <I18nIsland lang={lang}>
      <SuggestUpgrade lang={lang} />
    </I18nIsland>
  );
}

/**
 * Spec §4: trial users without a pending request are offered the upgrade once the session check is done; "later" lasts
 * for the browser session, and so does the first visit after onboarding (postponed there).
 */
function SuggestUpgrade({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const startup = useStore($startup);
  const user = useStore($user);
  const [dismissed, setDismissed] = useState(upgradeSuggestionPostponed);
  const upgrade = useUpgradeRequest();

  const dismiss = () => {
    postponeUpgradeSuggestion();
    setDismissed(true);
  };

  return (
    <Dialog
      open={startup === "ready" && !dismissed && shouldSuggestUpgrade(user)}
      title={t("upgrade.suggest_title")}
      onClose={dismiss}
      testId="suggest-upgrade-dialog"
      actions={
        <div className="flex w-full flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={dismiss}>
            {t("upgrade.later")}
          </button>
          <a className="btn btn-outline btn-primary" href={localePath(lang, "/upgrade")}>
            {t("upgrade.see_plans")}
          </a>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void upgrade.request()}
            disabled={upgrade.busy}
            aria-busy={upgrade.busy}
          >
            {upgrade.busy && <span className="loading loading-spinner loading-sm" />}
            {t("upgrade.request")}
          </button>
        </div>
      }
    >
      <p className="text-base-content/80">{t("upgrade.suggest_text")}</p>
      <div className="mt-3">
        <FormMessage text={upgrade.error} />
      </div>
    </Dialog>
  );
}
