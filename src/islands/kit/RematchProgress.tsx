import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { ApiFailure } from "../../client/api-error.ts";
import { formatNumber } from "../../shared/format.ts";

type Progress = { done: number; total: number };

// How often the screen asks how far the history is read; the job reads each minute.
const POLL_MS = 5_000;

/** While the history is read again under the saved rules: how far, until it is done. */
export function RematchProgress({ initial }: { initial: Progress | null }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState(initial);
  useEffect(() => setProgress(initial), [initial]);
  useEffect(() => {
    if (!progress) return;
    const timer = setTimeout(
      () =>
        api.showProject().then(
          (shown) => setProgress(shown.rematch),
          (error: unknown) => {
            if (!(error instanceof ApiFailure)) throw error;
          },
        ),
      POLL_MS,
    );
    return () => clearTimeout(timer);
  }, [progress]);
  if (!progress) return null;
  return (
    <div role="status" className="alert alert-info alert-soft flex flex-col items-start gap-2 text-sm" data-testid="rematch-progress">
      <span>{t("project.rematch", { done: formatNumber(progress.done), count: progress.total, value: formatNumber(progress.total) })}</span>
      <progress className="progress progress-info w-full" value={progress.done} max={Math.max(progress.total, 1)} />
    </div>
  );
}
