import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { ApiFailure } from "../../client/api-error.ts";
import type { ReportPreview } from "../../client/types.ts";
import { periodLabel, type ReportFrequency } from "../../shared/report-periods.ts";
import { REPORT_FREQUENCIES } from "../../shared/schemas/project.ts";
import { showToast } from "../../stores/toasts.ts";
import { Dialog } from "../../ui/Dialog.tsx";

/** Wide enough for the 600 px e-mail and the iframe's margins. */
const PREVIEW_WIDTH = 720;

/**
 * "Preview report" (desktop only): the last period's e-mail in a sandboxed frame, as the account will receive it. The
 * frame runs no script and reaches nothing: the charts come inside the HTML.
 */
export function ReportPreviewButton({ initial }: { initial: ReportFrequency }) {
  const { t } = useTranslation();
  const [frequency, setFrequency] = useState<ReportFrequency>(initial);
  const [preview, setPreview] = useState<ReportPreview | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = async (wanted: ReportFrequency) => {
    setFrequency(wanted);
    setBusy(true);
    try {
      setPreview(await api.notificationPreview(wanted));
      setOpen(true);
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      showToast("error", error.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        onClick={() => void load(frequency)}
        disabled={busy}
        data-testid="report-preview-button"
      >
        {busy && <span className="loading loading-spinner loading-xs" />}
        {t("notify.preview")}
      </button>
      <Dialog
        open={open}
        width={PREVIEW_WIDTH}
        title={preview?.subject ?? t("notify.preview")}
        onClose={() => setOpen(false)}
        testId="report-preview"
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setOpen(false)}>
            {t("notify.preview_close")}
          </button>
        }
      >
        <div className="mb-3 flex items-center gap-3">
          <label className="flex items-center gap-2 text-sm">
            {t("notify.preview_for")}
            <select
              className="select select-sm w-auto"
              value={frequency}
              disabled={busy}
              onChange={(e) => void load(e.target.value as ReportFrequency)}
              data-testid="report-preview-frequency"
            >
              {REPORT_FREQUENCIES.map((f) => (
                <option key={f} value={f}>
                  {t(`notify.${f}`)}
                </option>
              ))}
            </select>
          </label>
          {preview && (
            <span className="text-sm text-base-content/70">{periodLabel({ start: preview.period_start, end: preview.period_end })}</span>
          )}
        </div>
        <p className="mb-2 text-xs text-base-content/60">{t("notify.preview_note")}</p>
        {preview && (
          <iframe
            title={preview.subject}
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            srcDoc={preview.html}
            className="h-[65vh] w-full rounded-box border border-base-300"
            data-testid="report-preview-frame"
          />
        )}
      </Dialog>
    </>
  );
}
