import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { ApiFailure } from "../../client/api-error.ts";
import type { NotificationSettings } from "../../client/types.ts";
import type { Lang } from "../../i18n/index.ts";
import { I18nIsland } from "../../i18n/react.tsx";
import { isReportFrequency, SMS_FREQUENCIES } from "../../shared/report-periods.ts";
import { REPORT_FREQUENCIES } from "../../shared/schemas/project.ts";
import { $formDirty } from "../../stores/dirty.ts";
import { showToast } from "../../stores/toasts.ts";
import { $isDesktop } from "../../stores/ui.ts";
import { AlertRecipients } from "../../ui/AlertRecipients.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { SettingsForm } from "../../ui/SettingsForm.tsx";
import { useItemKeys } from "../../ui/use-item-keys.ts";
import { ReportHistory } from "./ReportHistory.tsx";
import { ReportPreviewButton } from "./ReportPreviewButton.tsx";
import { TestAlertButton } from "./TestAlertButton.tsx";

const MAX_EMAILS = 5;
type Editable = Pick<NotificationSettings, "time_reports" | "phones" | "emails" | "language">;
const LANGUAGES = ["vi", "en"] as const;

export default function NotifyScreen({ lang }: { lang: Lang }) {
  return (
    <I18nIsland lang={lang}>
      <Notify />
    </I18nIsland>
  );
}

function Notify() {
  const { t } = useTranslation();
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [values, setValues] = useState<Editable>({ time_reports: [], phones: [], emails: [], language: "vi" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const rowKeys = { phones: useItemKeys(values.phones.length), emails: useItemKeys(values.emails.length) };

  useEffect(() => {
    api.showNotification().then(
      (loaded) => {
        setSettings(loaded);
        setValues({ time_reports: loaded.time_reports, phones: loaded.phones, emails: loaded.emails, language: loaded.language });
      },
      (error: unknown) => console.error("notification load failed", error),
    );
    return () => $formDirty.set(false);
  }, []);

  const edit = (next: Editable, field: string) => {
    setValues(next);
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => !name.startsWith(field))));
    $formDirty.set(true);
  };

  const save = async (): Promise<boolean> => {
    setBusy(true);
    try {
      const cleaned = { ...values, phones: values.phones.filter((p) => p.trim()), emails: values.emails.filter((e) => e.trim()) };
      const saved = await api.updateNotification(cleaned);
      setSettings(saved);
      setValues({ time_reports: saved.time_reports, phones: saved.phones, emails: saved.emails, language: saved.language });
      $formDirty.set(false);
      showToast("success", t("notify.saved"));
      return true;
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      setErrors(Object.fromEntries(Object.entries(error.errors).map(([field, list]) => [field, list[0]])));
      return false;
    } finally {
      setBusy(false);
    }
  };

  if (!settings) return <span className="loading loading-spinner" role="status" aria-label={t("state.loading")} />;

  const listEditor = (field: "phones" | "emails", max: number, inputMode: "tel" | "email") => (
    <div className="flex flex-col gap-2" data-testid={`${field}-editor`}>
      <h3 className="font-semibold">{t(`field.${field}`)}</h3>
      {values[field].map((item, index) => (
        <div key={rowKeys[field].keys[index]} className="flex flex-wrap items-end gap-x-2">
          <div className="min-w-56 flex-1">
            <TextField
              label={`${t(`field.${field}`)} ${index + 1}`}
              name={`${field}.${index}`}
              inputMode={inputMode}
              value={item}
              onValue={(value) => edit({ ...values, [field]: values[field].map((v, i) => (i === index ? value : v)) }, `${field}.${index}`)}
              error={errors[`${field}.${index}`]}
            />
          </div>
          <TestAlertButton channel={field === "emails" ? "email" : "sms"} to={item} saved={settings[field].includes(item)} />
          <button
            type="button"
            className="btn btn-ghost btn-sm mb-1"
            onClick={() => {
              rowKeys[field].remove(index);
              edit({ ...values, [field]: values[field].filter((_, i) => i !== index) }, field);
            }}
          >
            {t("notify.remove")}
          </button>
        </div>
      ))}
      {errors[field] && <p className="text-sm text-error">{errors[field]}</p>}
      {values[field].length < max && (
        <button
          type="button"
          className="btn btn-outline btn-sm self-start"
          onClick={() => edit({ ...values, [field]: [...values[field], ""] }, field)}
        >
          + {t("notify.add")}
        </button>
      )}
      <p className="text-xs text-base-content/60">{t("notify.limit", { max })}</p>
    </div>
  );

  return (
    <div className="flex flex-col gap-6">
      <SettingsForm testId="notify-form" busy={busy} submitLabel={t("guard.update")} save={save}>
        <div role="note" className="alert alert-info alert-soft flex flex-col items-start gap-1 text-sm">
          <p data-testid="receives-reports">
            <ReportsSentence settings={settings} />
          </p>
          <p>
            <AlertRecipients emails={settings.emails} phones={settings.phones} />
          </p>
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 font-semibold">{t("field.time_reports")}</legend>
          <div className="flex flex-wrap gap-4">
            {REPORT_FREQUENCIES.map((frequency) => (
              <label key={frequency} className="flex cursor-pointer items-center gap-2">
                <input
                  type="checkbox"
                  className="checkbox checkbox-primary checkbox-sm"
                  checked={values.time_reports.includes(frequency)}
                  onChange={(e) =>
                    edit(
                      {
                        ...values,
                        time_reports: e.target.checked
                          ? [...values.time_reports, frequency]
                          : values.time_reports.filter((f) => f !== frequency),
                      },
                      "time_reports",
                    )
                  }
                />
                {t(`notify.${frequency}`)}
              </label>
            ))}
          </div>
          <p className="text-xs text-base-content/60">{t("notify.schedule_note")}</p>
        </fieldset>
        {listEditor("phones", settings.quantity_phone_number, "tel")}
        {listEditor("emails", MAX_EMAILS, "email")}
        <label className="flex max-w-xs flex-col gap-1">
          <span className="font-semibold">{t("notify.report_language")}</span>
          <select
            className="select"
            name="language"
            value={values.language}
            onChange={(e) => edit({ ...values, language: e.target.value as Editable["language"] }, "language")}
          >
            {LANGUAGES.map((lang) => (
              <option key={lang} value={lang}>
                {t(`notify.language.${lang}`)}
              </option>
            ))}
          </select>
        </label>
      </SettingsForm>
      <ReportLog firstFrequency={settings.time_reports.find(isReportFrequency) ?? "daily"} />
    </div>
  );
}

/** Whether scheduled reports go out, from the saved settings the scheduler reads (services/reports/plan-due-reports.ts). */
function ReportsSentence({ settings }: { settings: NotificationSettings }) {
  const { t } = useTranslation();
  if (!settings.receives_reports) return t("notify.receiving_off");
  if (settings.time_reports.length === 0) return t("notify.receiving_no_frequency");
  const texted = settings.time_reports.some((f) => SMS_FREQUENCIES.includes(f)) ? settings.phones : [];
  const recipients = [...settings.emails, ...texted];
  if (recipients.length === 0) return t("notify.receiving_no_contact");
  const frequencies = REPORT_FREQUENCIES.filter((f) => settings.time_reports.includes(f)).map((f) => t(`notify.${f}`).toLowerCase());
  return t("notify.receiving_on", { frequencies: frequencies.join(", "), recipients: recipients.join(", ") });
}

/** The delivery log, and on desktop the preview of the last period's e-mail. */
function ReportLog({ firstFrequency }: { firstFrequency: NotificationSettings["time_reports"][number] }) {
  const { t } = useTranslation();
  const isDesktop = useStore($isDesktop);
  return (
    <section className="card max-w-3xl border border-base-300 bg-base-100" aria-labelledby="report-history-title" data-testid="report-log">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="report-history-title" className="card-title text-base">
            {t("notify.history_title")}
          </h2>
          {isDesktop && <ReportPreviewButton initial={firstFrequency} />}
        </div>
        <ReportHistory />
      </div>
    </section>
  );
}
