import { useStore } from "@nanostores/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { ApiFailure } from "../../client/api-error.ts";
import { saveFile } from "../../client/save-file.ts";
import { showToast } from "../../stores/toasts.ts";
import { $isDesktop } from "../../stores/ui.ts";
import { Icon } from "../../ui/Icon.tsx";

/** The incident's mentions as an Excel file; on desktop only, as the spec has it for exports. */
export function IncidentExportButton({ incidentId }: { incidentId: number }) {
  const { t } = useTranslation();
  const isDesktop = useStore($isDesktop);
  const [busy, setBusy] = useState(false);
  if (!isDesktop) return null;
  const run = async () => {
    setBusy(true);
    try {
      saveFile(await api.exportIncident(incidentId));
    } catch (error) {
      showToast("error", error instanceof ApiFailure ? error.message : t("error.internal"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={run} data-testid="incident-export">
      {busy ? <span className="loading loading-spinner loading-xs" /> : <Icon path="M12 3v12M7 10l5 5 5-5M5 21h14" className="size-4" />}
      {t("crisis.export")}
    </button>
  );
}
