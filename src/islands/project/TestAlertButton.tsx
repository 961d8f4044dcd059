import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { ApiFailure } from "../../client/api-error.ts";
import { showToast } from "../../stores/toasts.ts";

/**
 * Sends a test alert to one saved contact. A contact typed but not saved yet cannot be tested: alerts go to saved
 * contacts only. A server that only logs messages says so instead of claiming the test arrived.
 */
export function TestAlertButton({ channel, to, saved }: { channel: "email" | "sms"; to: string; saved: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      const result = await api.testAlert({ channel, to });
      if (result.delivered) showToast("success", t("notify.test.sent", { to: result.to }));
      else showToast("error", t(channel === "email" ? "notify.test.logged_email" : "notify.test.logged_sms", { to: result.to }));
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      showToast("error", Object.values(error.errors).flat()[0] ?? error.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm mb-1"
      disabled={!saved || busy}
      title={saved ? undefined : t("notify.test.unsaved")}
      onClick={send}
      data-testid="test-alert"
    >
      {busy && <span className="loading loading-spinner loading-xs" />}
      {t("notify.test.button")}
    </button>
  );
}
