import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { ApiFailure } from "../../client/api-error.ts";
import type { IncidentEvaluation, IncidentSolution } from "../../shared/schemas/incident-answers.ts";
import { INCIDENT_EVALUATIONS } from "../../shared/schemas/incident.ts";
import { showToast } from "../../stores/toasts.ts";
import { RadioGroup } from "../../ui/RadioGroup.tsx";
import { TextAreaField } from "../../ui/TextAreaField.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { WidgetBody } from "../kit/Widget.tsx";
import { formatMinute, fromLocalInput, nowLocalInput } from "./format-time.ts";
import { useRemote } from "../kit/use-dashboard-data.ts";

const EVALUATION_TONES = { effective: "badge-success", partly: "badge-warning", not_effective: "badge-error" } as const;
const emptyForm = () => ({ action: "", done_by: "", done_at: nowLocalInput(), evaluation: "effective" as IncidentEvaluation, notes: "" });

/** What was done about the incident, by whom and when, and how well it worked; the form records one more. */
export function SolutionPanel({ incidentId, onRecorded }: { incidentId: number; onRecorded: () => void }) {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  const { remote, retry } = useRemote(() => api.incidentSolutions(incidentId), `${incidentId}-${version}`);
  return (
    <section className="card border border-base-300 bg-base-100" data-testid="solution-panel" data-state={remote.status}>
      <div className="card-body gap-3 p-4">
        <h2 className="text-base font-semibold">{t("crisis.solution.title")}</h2>
        <WidgetBody remote={remote} onRetry={retry} isEmpty={() => false}>
          {(rows) =>
            rows.length === 0 ? (
              <p className="text-sm text-base-content/60">{t("crisis.solution.none")}</p>
            ) : (
              <ul className="flex flex-col divide-y divide-base-200">
                {rows.map((row) => (
                  <SolutionItem key={row.id} solution={row} />
                ))}
              </ul>
            )
          }
        </WidgetBody>
        <SolutionForm
          incidentId={incidentId}
          onRecorded={() => {
            setVersion((v) => v + 1);
            onRecorded();
          }}
        />
      </div>
    </section>
  );
}

function SolutionItem({ solution }: { solution: IncidentSolution }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-col gap-1 py-2.5 text-sm" data-testid="solution-item">
      <div className="flex flex-wrap items-center gap-2">
        <span className={`badge badge-soft badge-sm ${EVALUATION_TONES[solution.evaluation]}`}>
          {t(`crisis.evaluation.${solution.evaluation}`)}
        </span>
        <span className="font-medium">{solution.action}</span>
      </div>
      <p className="text-xs text-base-content/60">
        {t("crisis.solution.done_line", { by: solution.done_by, at: formatMinute(solution.done_at), recorder: solution.recorded_by })}
      </p>
      {solution.notes && <p className="whitespace-pre-line text-base-content/80">{solution.notes}</p>}
    </li>
  );
}

function SolutionForm({ incidentId, onRecorded }: { incidentId: number; onRecorded: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState(emptyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof ReturnType<typeof emptyForm>) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await api.addIncidentSolution(incidentId, { ...form, done_at: fromLocalInput(form.done_at) });
      showToast("success", t("crisis.solution.saved"));
      setForm(emptyForm());
      onRecorded();
    } catch (error) {
      if (error instanceof ApiFailure) setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]])));
      showToast("error", error instanceof ApiFailure ? error.message : t("error.internal"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="flex flex-col gap-3 border-t border-base-200 pt-3" onSubmit={submit} noValidate data-testid="solution-form">
      <h3 className="text-sm font-semibold">{t("crisis.solution.add")}</h3>
      <TextField
        label={t("crisis.solution.action")}
        name="action"
        value={form.action}
        onValue={set("action")}
        maxLength={500}
        required
        error={errors.action}
      />
      <div className="grid grid-cols-1 gap-3 @2xl:grid-cols-2">
        <TextField
          label={t("crisis.solution.done_by")}
          name="done_by"
          value={form.done_by}
          onValue={set("done_by")}
          maxLength={200}
          required
          error={errors.done_by}
        />
        <TextField
          label={t("crisis.solution.done_at")}
          name="done_at"
          type="datetime-local"
          value={form.done_at}
          onValue={set("done_at")}
          required
          error={errors.done_at}
        />
      </div>
      <RadioGroup
        legend={t("crisis.solution.evaluation")}
        name="evaluation"
        options={INCIDENT_EVALUATIONS.map((evaluation) => ({ value: evaluation, label: t(`crisis.evaluation.${evaluation}`) }))}
        value={form.evaluation}
        onChange={set("evaluation")}
      />
      <TextAreaField
        label={t("crisis.solution.notes")}
        name="notes"
        value={form.notes}
        onValue={set("notes")}
        maxLength={2000}
        rows={3}
        error={errors.notes}
      />
      <button type="submit" className="btn btn-primary self-start" disabled={busy} data-testid="solution-submit">
        {busy && <span className="loading loading-spinner loading-xs" />}
        {t("crisis.solution.submit")}
      </button>
    </form>
  );
}
