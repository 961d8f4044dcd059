import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { $startup } from "../../stores/startup.ts";
import { $toasts, dismissToast, showPendingToast } from "../../stores/toasts.ts";

/** On dashboard pages a notice carried over from the last page waits until the session check settles, because that check may move on to another page. */
export default function Toaster({ closeLabel, afterStartup = false }: { closeLabel: string; afterStartup?: boolean }) {
  const toasts = useStore($toasts);
  const startup = useStore($startup);
  const settled = !afterStartup || startup === "ready";
  useEffect(() => {
    if (settled) showPendingToast();
  }, [settled]);
  return (
    // Top right (spec §4), but below every page's header: a notice must never cover the log-out button or the menu.
    <div className="toast toast-top toast-end top-20 z-50" aria-live="polite" data-testid="toaster">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === "error" ? "alert" : "status"}
          data-testid={`toast-${toast.kind}`}
          className={`alert max-w-sm shadow-lg ${toast.kind === "success" ? "alert-success text-white" : "alert-error text-white"}`}
        >
          <span>{toast.text}</span>
          {toast.closable && (
            <button
              type="button"
              className="btn btn-ghost btn-xs text-white"
              aria-label={closeLabel}
              onClick={() => dismissToast(toast.id)}
            >
              ✕
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
