import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { ApiFailure } from "../../client/api-error.ts";
import type { Connection } from "../../client/types.ts";
import { formatDateTime, formatNumber } from "../../shared/format.ts";
import { showToast } from "../../stores/toasts.ts";
import { Dialog } from "../../ui/Dialog.tsx";
import { DialogActions } from "../../ui/DialogActions.tsx";
import { ConnectionSources } from "./ConnectionSources.tsx";
import { ConnectionStateNote } from "./ConnectionStateNote.tsx";
import { PublicPageForm } from "./PublicPageForm.tsx";

type Props = { projectId: number; connection: Connection; publicPages: boolean; onChanged: () => Promise<void> };

/**
 * A connected Meta or Threads user: who, how the connection fares, its pages and accounts (Meta) or its searches of
 * the last 24 hours (Threads), and the way out.
 */
export function ConnectionCard({ projectId, connection, publicPages, onChanged }: Props) {
  const { t } = useTranslation();
  const name = connection.external_user_name;
  return (
    <div className="flex flex-col gap-4" data-testid="connection" data-state={connection.state}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words" data-testid="connected-as">
            {t("connections.connected_as", { name })}
          </p>
          <p className="text-xs text-base-content/60">
            {t("connections.connected_since", { time: formatDateTime(connection.created_at) })}
          </p>
        </div>
        <DisconnectButton connection={connection} onDone={onChanged} />
      </div>
      <ConnectionStateNote connection={connection} projectId={projectId} />
      {connection.search_queries && (
        <p className="text-sm text-base-content/80" data-testid="search-queries">
          {t("connections.threads_queries", {
            used: formatNumber(connection.search_queries.used),
            limit: formatNumber(connection.search_queries.limit),
          })}
        </p>
      )}
      {connection.provider === "meta" && (
        <>
          <ConnectionSources projectId={projectId} sources={connection.sources} onChanged={onChanged} />
          <PublicPageForm projectId={projectId} connectionId={connection.id} allowed={publicPages} onChanged={onChanged} />
        </>
      )}
      {connection.provider !== "meta" && connection.sources.length > 0 && (
        <ConnectionSources projectId={projectId} sources={connection.sources} onChanged={onChanged} />
      )}
    </div>
  );
}

function DisconnectButton({ connection, onDone }: { connection: Connection; onDone: () => Promise<void> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = connection.external_user_name;

  const disconnect = async () => {
    setBusy(true);
    try {
      await api.disconnect(connection.id);
      setOpen(false);
      showToast("success", t("connections.disconnected", { name }));
      await onDone();
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      showToast("error", error.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => setOpen(true)} data-testid="disconnect">
        {t("connections.disconnect")}
      </button>
      <Dialog
        open={open}
        title={t("connections.disconnect_title", { name })}
        onClose={() => setOpen(false)}
        testId="disconnect-dialog"
        actions={
          <DialogActions
            cancelLabel={t("guard.cancel")}
            onCancel={() => setOpen(false)}
            submitLabel={t("connections.disconnect")}
            busy={busy}
            onSubmit={() => void disconnect()}
            testId="disconnect-confirm"
          />
        }
      >
        <p>{t("connections.disconnect_text", { name })}</p>
      </Dialog>
    </>
  );
}
