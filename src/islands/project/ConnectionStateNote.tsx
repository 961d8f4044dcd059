import { useTranslation } from "react-i18next";
import type { Connection } from "../../client/types.ts";
import { formatDateTime } from "../../shared/format.ts";
import { ConnectMetaButton, connectsByDialog } from "./ConnectMetaButton.tsx";

const BADGE: Record<Connection["state"], string> = {
  connected: "badge-success",
  expiring: "badge-warning",
  failing: "badge-error",
  paused: "badge-info",
};

/** The connection's state in words, with the next step: reconnect when the access is ending or refused, wait when throttled. */
export function ConnectionStateNote({ connection, projectId }: { connection: Connection; projectId: number }) {
  const { t } = useTranslation();
  const { state } = connection;
  const badge = (
    <span className={`badge badge-soft ${BADGE[state]} shrink-0`} data-testid="connection-state">
      {t(`connections.state.${state}`)}
    </span>
  );
  if (state === "connected") return <div>{badge}</div>;
  const needsReconnect = state !== "paused";
  return (
    <div
      role={state === "failing" ? "alert" : "status"}
      className="flex flex-col items-start gap-2 rounded-box border border-base-300 p-3 text-sm"
      data-testid="connection-state-note"
    >
      {badge}
      <p className="break-words">
        {state === "paused" &&
          (connection.paused_until
            ? t("connections.paused_until", { time: formatDateTime(connection.paused_until) })
            : t("connections.paused_detail"))}
        {state === "expiring" &&
          (connection.expires_at
            ? t("connections.expiring_at", { time: formatDateTime(connection.expires_at) })
            : t("connections.expiring_soon"))}
        {state === "failing" && <FailingText connection={connection} />}
      </p>
      {needsReconnect && connectsByDialog(connection.provider) && (
        <ConnectMetaButton provider={connection.provider} projectId={projectId} label={t("connections.reconnect")} small />
      )}
    </div>
  );
}

function FailingText({ connection }: { connection: Connection }) {
  const { t } = useTranslation();
  const since = connection.failing_since
    ? t("connections.failing_since", { time: formatDateTime(connection.failing_since) })
    : t("connections.failing_now");
  // Providers' messages end with their own full stop; the quote around one ends the sentence. Threads is Meta's.
  const quoted = connection.reason?.replace(/\.$/, "");
  const byMeta = connection.provider === "meta" || connection.provider === "threads";
  const provider = t(`connections.provider.${connection.provider}`);
  const reason = !quoted
    ? ""
    : byMeta
      ? t("connections.meta_reason", { reason: quoted })
      : t("connections.provider_reason", { provider, reason: quoted });
  return [since, reason, t("connections.reconnect_hint")].filter(Boolean).join(" ");
}
