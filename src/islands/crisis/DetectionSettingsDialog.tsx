import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import type { CrisisSettings } from "../../shared/schemas/incident-answers.ts";
import { CRISIS_SENSITIVITIES, CRISIS_SETTING_LIMITS, CrisisSettingsForm } from "../../shared/schemas/incident.ts";
import { showToast } from "../../stores/toasts.ts";
import { Dialog } from "../../ui/Dialog.tsx";
import { DialogActions } from "../../ui/DialogActions.tsx";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { RadioGroup } from "../../ui/RadioGroup.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { useForm } from "../../ui/use-form.ts";
import { WidgetBody } from "../kit/Widget.tsx";
import { useRemote } from "../kit/use-dashboard-data.ts";

type Values = {
  sensitivity: CrisisSettings["sensitivity"];
  min_volume: string;
  cooldown_hours: string;
  resolve_hours: string;
  enabled: "on" | "off";
};
const NUMBERS = ["min_volume", "cooldown_hours", "resolve_hours"] as const;

const toValues = (s: CrisisSettings): Values => ({
  sensitivity: s.sensitivity,
  min_volume: String(s.minVolume),
  cooldown_hours: String(s.cooldownHours),
  resolve_hours: String(s.resolveHours),
  enabled: s.enabled ? "on" : "off",
});

/** A project's crisis detection: on or off, its sensitivity, the volume below which nothing is a crisis, cooldown, closing. */
export function DetectionSettingsDialog({
  projectId,
  projectName,
  onSaved,
  onClose,
}: {
  projectId: number;
  projectName: string;
  onSaved: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { remote, retry } = useRemote(() => api.crisisSettings(projectId), String(projectId));
  const form = useForm<Values>(CrisisSettingsForm, {
    sensitivity: "medium",
    min_volume: "",
    cooldown_hours: "",
    resolve_hours: "",
    enabled: "on",
  });
  const { setValues } = form;
  useEffect(() => {
    if (remote.status === "ready") setValues(toValues(remote.data));
  }, [remote, setValues]);
  const { values } = form;
  const submit = () =>
    form.submit(async () => {
      await api.updateCrisisSettings({
        project_id: projectId,
        sensitivity: values.sensitivity,
        min_volume: Number(values.min_volume),
        cooldown_hours: Number(values.cooldown_hours),
        resolve_hours: Number(values.resolve_hours),
        enabled: values.enabled === "on",
      });
      showToast("success", t("crisis.settings.saved"));
      onSaved();
      onClose();
    });
  return (
    <Dialog
      open
      title={t("crisis.settings.title")}
      onClose={onClose}
      testId="detection-settings"
      actions={
        <DialogActions
          cancelLabel={t("guard.cancel")}
          onCancel={onClose}
          submitLabel={t("guard.update")}
          busy={form.busy}
          disabled={remote.status !== "ready"}
          form="detection-settings-form"
          testId="detection-settings-submit"
        />
      }
    >
      <WidgetBody remote={remote} onRetry={retry}>
        {() => (
          <form
            id="detection-settings-form"
            className="flex flex-col gap-4"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <p className="text-sm text-base-content/70">{t("crisis.settings.explain", { project: projectName })}</p>
            <FormMessage text={form.formError} />
            <label className="flex cursor-pointer items-center gap-3 text-sm font-medium">
              <input
                type="checkbox"
                className="toggle toggle-primary"
                name="enabled"
                checked={values.enabled === "on"}
                onChange={(event) => form.set("enabled")(event.target.checked ? "on" : "off")}
              />
              {t("crisis.settings.enabled")}
            </label>
            <fieldset className="flex flex-col gap-4 disabled:opacity-60" disabled={values.enabled === "off"}>
              <RadioGroup
                legend={t("crisis.settings.sensitivity")}
                name="sensitivity"
                options={CRISIS_SENSITIVITIES.map((level) => ({ value: level, label: t(`crisis.settings.level.${level}`) }))}
                value={values.sensitivity}
                onChange={form.set("sensitivity")}
                hint={t(`crisis.settings.level_hint.${values.sensitivity}`)}
              />
              {NUMBERS.map((field) => (
                <TextField
                  key={field}
                  label={t(`crisis.settings.${field}`)}
                  hint={t(`crisis.settings.${field}_hint`)}
                  name={field}
                  type="number"
                  inputMode="numeric"
                  min={CRISIS_SETTING_LIMITS[field].min}
                  max={CRISIS_SETTING_LIMITS[field].max}
                  value={values[field]}
                  onValue={form.set(field)}
                  error={form.errors[field]}
                />
              ))}
            </fieldset>
          </form>
        )}
      </WidgetBody>
    </Dialog>
  );
}
