import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiFailure } from "../../client/api-error.ts";
import { saveFile } from "../../client/save-file.ts";
import { formatDate } from "../../shared/format.ts";
import { EXPORT_RANGES, type ExportRange } from "../../shared/filters.ts";
import { exportParams } from "../../stores/filter-params.ts";
import { $exporting, runExport } from "../../stores/export.ts";
import { $filters, $routeChannels } from "../../stores/filters.ts";
import { showToast } from "../../stores/toasts.ts";
import { Dialog } from "../../ui/Dialog.tsx";
import { periodLabelKey } from "../dashboard/labels.ts";

type Props = { open: boolean; onClose: () => void };

/** The list's own period when the export offers it, so the file holds what the user is looking at. */
function initialRange(): { range: ExportRange; start: string; end: string } {
  const { type_time, start_date, end_date } = $filters.get();
  const today = formatDate(new Date());
  if (type_time === "custom" && start_date && end_date) return { range: "custom", start: start_date, end: end_date };
  return { range: (EXPORT_RANGES as readonly string[]).includes(type_time) ? (type_time as ExportRange) : "this-month", start: today, end: today };
}

/** Chooses the period of the Excel export (spec §2) and shows progress while the file is made and downloaded. */
export function ExportDialog({ open, onClose }: Props) {
  const { t } = useTranslation();
  const exporting = useStore($exporting);
  const [choice, setChoice] = useState(initialRange);
  const [error, setError] = useState("");
  const today = formatDate(new Date());

  useEffect(() => {
    if (!open || exporting) return;
    setChoice(initialRange());
    setError("");
  }, [open]);

  const datesInvalid = choice.range === "custom" && (!choice.start || !choice.end || choice.start > choice.end);

  const start = async () => {
    setError("");
    const dates = choice.range === "custom" ? { start_date: choice.start, end_date: choice.end } : null;
    try {
      const file = await runExport(exportParams($filters.get(), $routeChannels.get(), choice.range, dates));
      if (!file) return;
      saveFile(file);
      showToast("success", t("export.done", { name: file.filename }));
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiFailure && failure.message ? failure.message : t("export.failed"));
    }
  };

  return (
    <Dialog
      open={open}
      title={t("export.title")}
      onClose={onClose}
      testId="export-dialog"
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t("form.close")}
          </button>
          <button type="button" className="btn btn-primary" disabled={exporting || datesInvalid} onClick={() => void start()} data-testid="export-start">
            {exporting && <span className="loading loading-spinner loading-sm" />}
            {t("export.start")}
          </button>
        </>
      }
    >
      <p className="mb-3 text-sm text-base-content/70">{t("export.explain")}</p>
      <fieldset className="grid grid-cols-3 gap-x-4 gap-y-1" disabled={exporting}>
        <legend className="mb-2 text-sm font-medium">{t("export.range_label")}</legend>
        {EXPORT_RANGES.map((range) => (
          <label key={range} className="flex cursor-pointer items-center gap-2 py-1 text-sm">
            <input type="radio" name="export-range" className="radio radio-sm radio-primary" value={range} checked={choice.range === range} onChange={() => setChoice({ ...choice, range })} />
            {t(periodLabelKey(range))}
          </label>
        ))}
      </fieldset>
      {choice.range === "custom" && (
        <div className="mt-3 grid grid-cols-2 gap-3">
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">{t("filters.start_date")}</span>
            <input type="date" className="input w-full" name="export_start" value={choice.start} max={today} disabled={exporting} onChange={(e) => setChoice({ ...choice, start: e.target.value })} />
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">{t("filters.end_date")}</span>
            <input type="date" className="input w-full" name="export_end" value={choice.end} max={today} disabled={exporting} onChange={(e) => setChoice({ ...choice, end: e.target.value })} />
          </label>
          {datesInvalid && <p className="col-span-2 text-sm text-error">{t("export.dates_invalid")}</p>}
        </div>
      )}
      {exporting && (
        <div className="mt-4 flex flex-col gap-1" role="status" data-testid="export-progress">
          <progress className="progress progress-primary w-full" />
          <p className="text-sm text-base-content/70">{t("export.progress")}</p>
        </div>
      )}
      {error && (
        <p className="mt-4 text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
