import { useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { localePath, type Lang } from "../../i18n/index.ts";
import { I18nIsland } from "../../i18n/react.tsx";
import { AdviseEmailBody, CONTACT_LIMITS } from "../../shared/schemas/contact.ts";
import { Captcha } from "../../ui/Captcha.tsx";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { TextAreaField } from "../../ui/TextAreaField.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { useAppConfig } from "../../ui/use-app-config.ts";
import { useForm } from "../../ui/use-form.ts";

const FIELDS = [
  { name: "full_name", autoComplete: "name", maxLength: CONTACT_LIMITS.full_name },
  { name: "phone", autoComplete: "tel", inputMode: "tel", maxLength: 15 },
  { name: "email", autoComplete: "email", inputMode: "email", maxLength: 254 },
  { name: "company", autoComplete: "organization", maxLength: CONTACT_LIMITS.company },
] as const;

export default function ContactForm({ lang }: { lang: Lang }) {
  return (
    <I18nIsland lang={lang}>
      <Contact lang={lang} />
    </I18nIsland>
  );
}

function Contact({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const [captchaToken, setCaptchaToken] = useState("");
  // The form is prerendered; until React takes over, a click must not submit it the browser's way (into the URL).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const form = useForm(AdviseEmailBody, { full_name: "", phone: "", email: "", company: "", message: "" });
  const siteKey = config?.recaptcha_site_key ?? null;

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      data-testid="contact-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (Object.values(form.values).some((value) => !value.trim())) form.setFormError(t("validation.missing_information"));
        void form.submit(async () => {
          await api.adviseEmail({ ...form.values, ...(captchaToken ? { captcha_token: captchaToken } : {}) });
          location.assign(localePath(lang, "/thankyou"));
        });
      }}
    >
      <h3 className="text-lg font-semibold">{t("contact.form_title")}</h3>
      <div className="grid gap-4 desktop:grid-cols-2">
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            label={t(`field.${field.name}`)}
            name={field.name}
            autoComplete={field.autoComplete}
            inputMode={"inputMode" in field ? field.inputMode : undefined}
            maxLength={field.maxLength}
            value={form.values[field.name]}
            onValue={form.set(field.name)}
            error={form.errors[field.name]}
          />
        ))}
      </div>
      <TextAreaField
        label={t("field.message")}
        name="message"
        rows={4}
        maxLength={CONTACT_LIMITS.message}
        placeholder={t("contact.message_placeholder")}
        value={form.values.message}
        onValue={form.set("message")}
        error={form.errors.message}
      />
      <Captcha siteKey={siteKey} onToken={setCaptchaToken} />
      <FormMessage text={form.errors.captcha_token ?? form.formError} />
      <button type="submit" className="btn btn-primary btn-lg w-full" disabled={!hydrated || form.busy} aria-busy={form.busy}>
        {form.busy && <span className="loading loading-spinner loading-sm" />}
        {t("contact.submit")}
      </button>
      {siteKey && (
        <p className="text-xs text-base-content/70" data-testid="recaptcha-notice">
          <Trans
            i18nKey="contact.recaptcha_notice"
            components={{
              privacy: <a className="link" href="https://policies.google.com/privacy" target="_blank" rel="noopener" />,
              terms: <a className="link" href="https://policies.google.com/terms" target="_blank" rel="noopener" />,
            }}
          />
        </p>
      )}
      {config && (
        <p className="text-center text-sm text-base-content/80" data-testid="contact-hotline">
          {t("contact.hotline")}{" "}
          <a className="link link-primary font-semibold" href={`tel:${config.support_phone.replace(/\s/g, "")}`}>
            {config.support_phone}
          </a>
        </p>
      )}
    </form>
  );
}
