import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** "Resend OTP" that counts down the server's cooldown before it can be pressed again. */
export function ResendButton({ seconds, onResend }: { seconds: number; onResend: () => Promise<number | null> }) {
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
    const next = await onResend().finally(() => setBusy(false));
    if (next !== null) setLeft(next);
  };
  return (
    <button type="button" className="btn btn-link btn-sm px-0" disabled={left > 0 || busy} onClick={resend} data-testid="resend-otp">
      {left > 0 ? t("otp.resend_in", { seconds: left }) : t("otp.resend")}
    </button>
  );
}
