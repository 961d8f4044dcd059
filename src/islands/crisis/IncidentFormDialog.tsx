import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import type { Incident, IncidentDetail } from "../../shared/schemas/incident-answers.ts";
import type { Lang } from "../../i18n/index.ts";
import { MAX_TEXT_FIELD } from "../../shared/limits.ts";
import { IncidentForm } from "../../shared/schemas/incident.ts";
import { showToast, showToastAfterNavigation } from "../../stores/toasts.ts";
import { Dialog } from "../../ui/Dialog.tsx";
import { DialogActions } from "../../ui/DialogActions.tsx";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { RadioGroup } from "../../ui/RadioGroup.tsx";
import { TextAreaField } from "../../ui/TextAreaField.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { useForm } from "../../ui/use-form.ts";
import { fromLocalInput, nowLocalInput } from "./format-time.ts";
import { incidentPath } from "./incident-route.ts";

const SEVERITIES = ["1", "2", "3"] as const;
type Severity = (typeof SEVERITIES)[number];
/** Both forms share one shape: opening one by hand adds its start and end. */
type Fields = Record<string, string> & { title: string; description: string; severity: Severity };
type Form = ReturnType<typeof useForm<Fields>>;

/** The dialog around an incident form: its fields, the form's own error, and Cancel / submit. */
function IncidentFormDialog({
  title,
  submitLabel,
  form,
  onSubmit,
  onClose,
  testId,
  children,
}: {
  title: string;
  submitLabel: string;
  form: Form;
  onSubmit: () => Promise<void>;
  onClose: () => void;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const formId = `${testId}-form`;
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      testId={testId}
      actions={
        <DialogActions
          cancelLabel={t("guard.cancel")}
          onCancel={onClose}
          submitLabel={submitLabel}
          busy={form.busy}
          form={formId}
          testId={`${testId}-submit`}
        />
      }
    >
      <form
        id={formId}
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        <FormMessage text={form.formError} />
        {children}
      </form>
    </Dialog>
  );
}

/** Title, description and severity: what a user writes about an incident, opened by hand or renamed. */
function IncidentFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t("field.title")}
        name="title"
        value={form.values.title}
        onValue={form.set("title")}
        maxLength={MAX_TEXT_FIELD}
        required
        error={form.errors.title}
      />
      <TextAreaField
        label={t("crisis.history.field.description")}
        name="description"
        value={form.values.description}
        onValue={form.set("description")}
        maxLength={2000}
        rows={3}
        error={form.errors.description}
      />
      <RadioGroup
        legend={t("crisis.severity_label")}
        name="severity"
        options={SEVERITIES.map((severity) => ({ value: severity, label: t(`crisis.severity.${severity}`) }))}
        value={form.values.severity}
        onChange={form.set("severity")}
      />
    </>
  );
}

const severityOf = (value: Severity) => Number(value) as Incident["severity"];

/** Opens an incident by hand (a crisis the detector did not see, or not yet), then shows it. */
export function CreateIncidentDialog({ lang, projectId, onClose }: { lang: Lang; projectId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm<Fields>(IncidentForm, { title: "", description: "", severity: "1", started_at: nowLocalInput(), ended_at: "" });
  const submit = () =>
    form.submit(async () => {
      const created = await api.createIncident({
        project_id: projectId,
        title: form.values.title,
        description: form.values.description,
        started_at: fromLocalInput(form.values.started_at),
        ended_at: form.values.ended_at ? fromLocalInput(form.values.ended_at) : null,
        severity: severityOf(form.values.severity),
      });
      showToastAfterNavigation("success", t("crisis.create.done"));
      location.assign(incidentPath(lang, created.id));
    });
  return (
    <IncidentFormDialog
      title={t("crisis.create.title")}
      submitLabel={t("crisis.create.submit")}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      testId="incident-create"
    >
      <p className="text-sm text-base-content/70">{t("crisis.create.explain")}</p>
      <IncidentFields form={form} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          label={t("field.started_at")}
          name="started_at"
          type="datetime-local"
          value={form.values.started_at}
          onValue={form.set("started_at")}
          required
          error={form.errors.started_at}
        />
        <TextField
          label={t("field.ended_at")}
          name="ended_at"
          type="datetime-local"
          value={form.values.ended_at}
          onValue={form.set("ended_at")}
          hint={t("crisis.create.ended_hint")}
          error={form.errors.ended_at}
        />
      </div>
    </IncidentFormDialog>
  );
}

/** Renames an incident, rewrites its description or changes its severity; the history keeps the old values. */
export function EditIncidentDialog({ incident, onSaved, onClose }: { incident: IncidentDetail; onSaved: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm<Fields>(IncidentForm, {
    title: incident.title,
    description: incident.description,
    severity: String(incident.severity) as Severity,
  });
  const submit = () =>
    form.submit(async () => {
      await api.updateIncident({
        id: incident.id,
        title: form.values.title,
        description: form.values.description,
        severity: severityOf(form.values.severity),
      });
      showToast("success", t("crisis.edit.done"));
      onSaved();
      onClose();
    });
  return (
    <IncidentFormDialog
      title={t("crisis.edit.title")}
      submitLabel={t("guard.update")}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      testId="incident-edit"
    >
      <IncidentFields form={form} />
    </IncidentFormDialog>
  );
}
