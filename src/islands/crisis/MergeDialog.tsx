import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { ApiFailure } from "../../client/api-error.ts";
import type { IncidentDetail } from "../../shared/schemas/incident-answers.ts";
import type { Lang } from "../../i18n/index.ts";
import { showToastAfterNavigation } from "../../stores/toasts.ts";
import { Dialog } from "../../ui/Dialog.tsx";
import { DialogActions } from "../../ui/DialogActions.tsx";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { WidgetBody } from "../kit/Widget.tsx";
import { formatMinute } from "./format-time.ts";
import { IncidentStatusBadge } from "./IncidentBadges.tsx";
import { incidentPath } from "./incident-route.ts";
import { useRemote } from "../kit/use-dashboard-data.ts";

/** Incidents offered as the one to merge into: the project's newest, which is where a duplicate almost always is. */
const CHOICES = 50;

/** Merges this incident into another of its project (its mentions move there; it stays, closed, for its history). */
export function MergeDialog({ lang, incident, onClose }: { lang: Lang; incident: IncidentDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { remote, retry } = useRemote(
    () => api.incidentIndex({ project_id: incident.project_id, limit: CHOICES }),
    `${incident.project_id}-${incident.id}`,
  );
  const [target, setTarget] = useState<number | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const merge = async () => {
    if (target === null) return;
    setBusy(true);
    setError("");
    try {
      await api.mergeIncident(incident.id, target);
      showToastAfterNavigation("success", t("crisis.merge.done"));
      location.assign(incidentPath(lang, target));
    } catch (failure) {
      setError(failure instanceof ApiFailure ? failure.message : t("error.internal"));
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      title={t("crisis.merge.title")}
      onClose={onClose}
      testId="incident-merge"
      actions={
        <DialogActions
          cancelLabel={t("guard.cancel")}
          onCancel={onClose}
          submitLabel={t("crisis.merge.submit")}
          busy={busy}
          disabled={target === null}
          onSubmit={() => void merge()}
          testId="incident-merge-submit"
        />
      }
    >
      <div className="flex flex-col gap-3" data-state={remote.status} data-testid="incident-merge-choices">
        <p className="text-sm text-base-content/70">{t("crisis.merge.explain", { title: incident.title })}</p>
        <FormMessage text={error} />
        <WidgetBody remote={remote} onRetry={retry}>
          {(page) => {
            const others = page.data.filter((other) => other.id !== incident.id);
            if (others.length === 0) return <p className="text-sm text-base-content/60">{t("crisis.merge.none")}</p>;
            return (
              <fieldset className="flex max-h-80 flex-col divide-y divide-base-200 overflow-y-auto rounded-box border border-base-300">
                <legend className="sr-only">{t("crisis.merge.into")}</legend>
                {others.map((other) => (
                  <label
                    key={other.id}
                    className="flex cursor-pointer items-start gap-3 p-3 hover:bg-base-200/50"
                    data-testid="merge-choice"
                  >
                    <input
                      type="radio"
                      className="radio radio-sm mt-0.5"
                      name="into_id"
                      value={other.id}
                      checked={target === other.id}
                      onChange={() => setTarget(other.id)}
                    />
                    <span className="flex min-w-0 flex-col gap-1">
                      <span className="line-clamp-2 text-sm font-medium">{other.title}</span>
                      <span className="flex flex-wrap items-center gap-2 text-xs text-base-content/60">
                        <IncidentStatusBadge incident={other} />
                        <time dateTime={other.start_date}>{formatMinute(other.start_date)}</time>
                      </span>
                    </span>
                  </label>
                ))}
              </fieldset>
            );
          }}
        </WidgetBody>
      </div>
    </Dialog>
  );
}
