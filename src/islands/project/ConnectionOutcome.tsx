import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

const OUTCOMES = ["connected", "denied", "failed"] as const;
type Outcome = (typeof OUTCOMES)[number];

/** The flag the OAuth callback adds (services/connections/complete-meta-connection.ts), or none. */
export function outcomeFrom(search: string): Outcome | null {
  const flag = new URLSearchParams(search).get("connection");
  return OUTCOMES.find((outcome) => outcome === flag) ?? null;
}

/** How the round trip to Meta ended; the flag leaves the address so a reload does not say it again. */
export function ConnectionOutcome() {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome | null>(() => outcomeFrom(window.location.search));
  useEffect(() => {
    if (!outcome) return;
    const url = new URL(window.location.href);
    url.searchParams.delete("connection");
    url.searchParams.delete("project_id");
    window.history.replaceState(window.history.state, "", url);
  }, [outcome]);
  if (!outcome) return null;
  const success = outcome === "connected";
  return (
    <div
      role={success ? "status" : "alert"}
      className={`alert alert-soft text-sm ${success ? "alert-success" : "alert-error"}`}
      data-testid={`connection-outcome-${outcome}`}
    >
      <span className="flex-1">{t(`connections.result.${outcome}`)}</span>
      <button type="button" className="btn btn-ghost btn-xs" onClick={() => setOutcome(null)}>
        {t("form.close")}
      </button>
    </div>
  );
}
