import { useStore } from "@nanostores/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { $exporting, $exportWarning } from "../../stores/export.ts";
import { Dialog } from "../../ui/Dialog.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { ExportDialog } from "./ExportDialog.tsx";

/** Excel export of the filtered list; one at a time, so asking again while one runs explains why not. */
export function ExportButton() {
  const { t } = useTranslation();
  const exporting = useStore($exporting);
  const warning = useStore($exportWarning);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => (exporting ? $exportWarning.set(true) : setOpen(true))}
        data-testid="export-button"
      >
        {exporting ? (
          <span className="loading loading-spinner loading-sm" />
        ) : (
          <Icon path="M12 3v12M7 10l5 5 5-5M5 21h14" className="size-4" />
        )}
        {exporting ? t("export.running") : t("export.button")}
      </button>
      <ExportDialog open={open} onClose={() => setOpen(false)} />
      <Dialog
        open={warning}
        title={t("export.warning_title")}
        onClose={() => $exportWarning.set(false)}
        testId="export-warning"
        actions={
          <button type="button" className="btn btn-primary" onClick={() => $exportWarning.set(false)}>
            {t("export.warning_ok")}
          </button>
        }
      >
        <p>{t("export.warning_text")}</p>
      </Dialog>
    </>
  );
}
