import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiFailure } from "../../client/api-error.ts";
import { saveFile } from "../../client/save-file.ts";
import { formatDate } from "../../shared/format.ts";
import { EXPORT_RANGES, type TimePreset } from "../../shared/filters.ts";
import { dateRange, presetRange, statedDays } from "../../shared/time-range.ts";
import { exportParams, type Period } from "../../stores/filter-params.ts";
import { $exporting, runExport } from "../../stores/export.ts";
import { $filters, $routeChannels } from "../../stores/filters.ts";
import { showToast } from "../../stores/toasts.ts";
import { Dialog } from "../../ui/Dialog.tsx";
import { DialogActions } from "../../ui/DialogActions.tsx";
import { periodLabelKey } from "../kit/labels.ts";

type Props = { open: boolean; onClose: () => void };

/** The period on screen: the dialog opens on it, so the file holds exactly what the list shows. */
function screenPeriod(): Period {
  const { type_time, start_date, end_date } = $filters.get();
  return { type_time, start_date, end_date };
}

/** The spec's export ranges (§2), and first the screen's own period when it is not one of them ("30 ngày qua"). */
function periodChoices(onScreen: TimePreset): TimePreset[] {
  return (EXPORT_RANGES as readonly TimePreset[]).includes(onScreen) ? [...EXPORT_RANGES] : [onScreen, ...EXPORT_RANGES];
}

/** The days a choice covers, up to today: what the file's summary will state. */
function coveredDays(period: Period, now: Date): { first: string; last: string } | null {
  if (period.type_time === "custom" && !(period.start_date && period.end_date && period.start_date <= period.end_date)) return null;
  const range = period.type_time === "custom" ? dateRange(period.start_date!, period.end_date!) : presetRange(period.type_time, now);
  const days = statedDays(range, now);
  return { first: formatDate(days.first), last: formatDate(days.last) };
}

/** Chooses the period of the Excel export (spec §2) and shows progress while the file is made and downloaded. */
export function ExportDialog({ open, onClose }: Props) {
  const { t } = useTranslation();
  const exporting = useStore($exporting);
  const [onScreen, setOnScreen] = useState(screenPeriod);
  const [choice, setChoice] = useState(screenPeriod);
  const [error, setError] = useState("");
  const now = new Date();
  const today = formatDate(now);

  useEffect(() => {
    if (!open || $exporting.get()) return;
    setOnScreen(screenPeriod());
    setChoice(screenPeriod());
    setError("");
  }, [open]);

  const covered = coveredDays(choice, now);
  const choose = (type_time: TimePreset) => {
    if (type_time !== "custom") return setChoice({ type_time, start_date: null, end_date: null });
    // Custom dates start from the period chosen so far.
    const from = coveredDays(choice, now) ?? { first: today, last: today };
    setChoice({ type_time, start_date: choice.start_date ?? from.first, end_date: choice.end_date ?? from.last });
  };

  const start = async () => {
    setError("");
    try {
      const file = await runExport(exportParams($filters.get(), $routeChannels.get(), choice));
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
        <DialogActions
          cancelLabel={t("form.close")}
          onCancel={onClose}
          submitLabel={t("export.start")}
          busy={exporting}
          disabled={!covered}
          onSubmit={() => void start()}
          testId="export-start"
        />
      }
    >
      <p className="mb-3 text-sm text-base-content/70">{t("export.explain")}</p>
      <fieldset className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3" disabled={exporting}>
        <legend className="mb-2 text-sm font-medium">{t("export.range_label")}</legend>
        {periodChoices(onScreen.type_time).map((range) => (
          <label
            key={range}
            className={`flex cursor-pointer items-center gap-2 py-1 text-sm ${range === onScreen.type_time ? "col-span-2" : ""}`}
          >
            <input
              type="radio"
              name="export-range"
              className="radio radio-sm radio-primary"
              value={range}
              checked={choice.type_time === range}
              onChange={() => choose(range)}
            />
            {t(periodLabelKey(range))}
            {range === onScreen.type_time && (
              <span className="badge badge-soft badge-primary badge-sm whitespace-nowrap">{t("export.on_screen")}</span>
            )}
          </label>
        ))}
      </fieldset>
      {choice.type_time === "custom" && (
        <div className="mt-3 grid grid-cols-2 gap-3">
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">{t("filters.start_date")}</span>
            <input
              type="date"
              className="input w-full"
              name="export_start"
              value={choice.start_date ?? ""}
              max={today}
              disabled={exporting}
              onChange={(e) => setChoice({ ...choice, start_date: e.target.value || null })}
            />
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">{t("filters.end_date")}</span>
            <input
              type="date"
              className="input w-full"
              name="export_end"
              value={choice.end_date ?? ""}
              max={today}
              disabled={exporting}
              onChange={(e) => setChoice({ ...choice, end_date: e.target.value || null })}
            />
          </label>
          {!covered && <p className="col-span-2 text-sm text-error">{t("export.dates_invalid")}</p>}
        </div>
      )}
      {covered && (
        <p className="mt-3 text-sm" data-testid="export-period">
          {t("export.period", covered)}
        </p>
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
