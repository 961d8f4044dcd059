import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiFailure } from "../client/api-error.ts";
import { showToast } from "../stores/toasts.ts";

/**
 * "Resend OTP" that counts down the server's cooldown before it can be pressed again; a refusal shows its message and
 * restarts the countdown from the server's retry_after.
 */
export function ResendButton({ seconds, request }: { seconds: number; request: () => Promise<{ resend_in: number }> }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(seconds);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const resend = async () => {
    setBusy(true);
    try {
      setLeft((await request()).resend_in);
      showToast("success", t("otp.resent"));
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      showToast("error", error.message);
      if (typeof error.data.retry_after === "number") setLeft(error.data.retry_after);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-link btn-sm px-0" disabled={left > 0 || busy} onClick={resend} data-testid="resend-otp">
      {left > 0 ? t("otp.resend_in", { seconds: left }) : t("otp.resend")}
    </button>
  );
}
