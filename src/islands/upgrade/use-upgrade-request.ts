import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { ApiFailure } from "../../client/api-error.ts";
import { saveUser } from "../../client/session.ts";
import { showToast } from "../../stores/toasts.ts";

/** POST /api/user/upgrade-account; the answer is the user, now waiting for the upgrade, which every screen then sees. */
export function useUpgradeRequest() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const request = async () => {
    setBusy(true);
    setError("");
    try {
      saveUser(await api.requestUpgrade());
      showToast("success", t("upgrade.requested"));
    } catch (failure) {
      if (!(failure instanceof ApiFailure)) throw failure;
      setError(failure.message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, request };
}
