import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { localePath, type Lang } from "../../i18n/index.ts";
import { I18nIsland } from "../../i18n/react.tsx";
import { ACCOUNT_TYPE } from "../../shared/account.ts";
import { $accessToken, $user, saveUser } from "../../client/session.ts";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { useAppConfig } from "../../ui/use-app-config.ts";
import { useUpgradeRequest } from "./use-upgrade-request.ts";

export default function UpgradeRequest({ lang }: { lang: Lang }) {
  return (
    <I18nIsland lang={lang}>
      <Upgrade lang={lang} />
    </I18nIsland>
  );
}

/** The upgrade page's action: log in first, then request; a pending request shows the waiting state. */
function Upgrade({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const token = useStore($accessToken);
  const user = useStore($user);
  const config = useAppConfig();
  const upgrade = useUpgradeRequest();
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (!token) return;
    // A failure here is a 401 (the client clears the session, so the login link shows) or a network error.
    api
      .showUser()
      .then(saveUser, (error: unknown) => console.error("user load failed", error))
      .finally(() => setLoaded(true));
  }, [token]);

  const hotline = config && <p className="text-sm text-base-content/70">{t("login.hotline", { phone: config.support_phone })}</p>;

  if (!token || (loaded && !user)) {
    return (
      <div className="flex flex-col items-start gap-3" data-testid="upgrade-login">
        <p>{t("upgrade.login_needed")}</p>
        <a className="btn btn-primary" href={localePath(lang, "/login")}>
          {t("login.submit")}
        </a>
        {hotline}
      </div>
    );
  }
  if (!loaded || !user) return <span className="loading loading-spinner" role="status" aria-label={t("state.loading")} />;

  const dashboard = (
    <a className="btn btn-outline btn-primary" href={localePath(lang, "/overview")}>
      {t("upgrade.back")}
    </a>
  );
  if (user.account_type === ACCOUNT_TYPE.contracted) {
    return (
      <div className="flex flex-col items-start gap-3" data-testid="upgrade-contracted">
        <p className="w-full rounded-box border border-success/40 bg-success/10 p-4 font-semibold">{t("upgrade.contracted_already")}</p>
        {dashboard}
      </div>
    );
  }
  if (user.is_waiting_for_upgrade) {
    return (
      <div className="flex flex-col items-start gap-3" data-testid="upgrade-waiting">
        <div role="status" className="w-full rounded-box border border-info/40 bg-info/10 p-4">
          <p className="font-semibold">{t("upgrade.waiting_title")}</p>
          <p className="mt-1 text-base-content/80">{t("upgrade.waiting_text")}</p>
        </div>
        {dashboard}
        {hotline}
      </div>
    );
  }
  return (
    <div className="flex flex-col items-start gap-3" data-testid="upgrade-request">
      <FormMessage text={upgrade.error} />
      <button
        type="button"
        className="btn btn-primary btn-lg max-desktop:w-full"
        onClick={() => void upgrade.request()}
        disabled={upgrade.busy}
        aria-busy={upgrade.busy}
      >
        {upgrade.busy && <span className="loading loading-spinner loading-sm" />}
        {t("upgrade.request")}
      </button>
      {hotline}
    </div>
  );
}
