import { useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { localePath, type Lang } from "../../i18n/index.ts";
import { I18nIsland } from "../../i18n/react.tsx";
import { AdviseEmailBody, CONTACT_FORM_ACTION, CONTACT_LIMITS } from "../../shared/schemas/contact.ts";
import { PHONE_PATTERN } from "../../shared/schemas/fields.ts";
import { Captcha } from "../../ui/Captcha.tsx";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { TextAreaField } from "../../ui/TextAreaField.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { useAppConfig } from "../../ui/use-app-config.ts";
import { useForm } from "../../ui/use-form.ts";

// The browser's own checks (required, type, pattern) guard the form while it is plain HTML, before the script runs.
const FIELDS = [
  { name: "full_name", type: "text", autoComplete: "name", maxLength: CONTACT_LIMITS.full_name },
  { name: "phone", type: "tel", autoComplete: "tel", maxLength: 15, pattern: PHONE_PATTERN.source.slice(1, -1) },
  { name: "email", type: "email", autoComplete: "email", maxLength: 254 },
  { name: "company", type: "text", autoComplete: "organization", maxLength: CONTACT_LIMITS.company },
] as const;

export default function ContactForm({ lang }: { lang: Lang }) {
  return (
    <I18nIsland lang={lang}>
      <Contact lang={lang} />
    </I18nIsland>
  );
}

/** A link inside a translated sentence: Trans gives it the sentence's words as children. */
function NoticeLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a className="link" href={href} target="_blank" rel="noopener">
      {children}
    </a>
  );
}

function Contact({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const [captchaToken, setCaptchaToken] = useState("");
  const form = useForm(AdviseEmailBody, { full_name: "", phone: "", email: "", company: "", message: "" });
  const siteKey = config?.recaptcha_site_key ?? null;
  // The form is prerendered and works as plain HTML (a post the server answers with a redirect) until the script takes
  // over. The visitor may have typed by then: the fields hold it, the state does not, so the state is read from them.
  const formRef = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  useLayoutEffect(() => {
    const typed = new FormData(formRef.current!);
    form.setValues((values) => ({
      ...values,
      ...Object.fromEntries(Object.keys(values).map((name) => [name, String(typed.get(name) ?? "")])),
    }));
    setHydrated(true);
  }, [form.setValues]);

  return (
    <form
      ref={formRef}
      className="flex flex-col gap-4"
      method="post"
      action={CONTACT_FORM_ACTION}
      // Once the script runs, the form checks itself and shows the messages in the page's language.
      noValidate={hydrated}
      data-testid="contact-form"
      data-hydrated={hydrated}
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
      <input type="hidden" name="lang" value={lang} />
      <div className="grid gap-4 desktop:grid-cols-2">
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            label={t(`field.${field.name}`)}
            name={field.name}
            type={field.type}
            required
            autoComplete={field.autoComplete}
            maxLength={field.maxLength}
            pattern={"pattern" in field ? field.pattern : undefined}
            title={"pattern" in field ? t("validation.phone_invalid") : undefined}
            value={form.values[field.name]}
            onValue={form.set(field.name)}
            error={form.errors[field.name]}
          />
        ))}
      </div>
      <TextAreaField
        label={t("field.message")}
        name="message"
        required
        rows={4}
        maxLength={CONTACT_LIMITS.message}
        placeholder={t("contact.message_placeholder")}
        value={form.values.message}
        onValue={form.set("message")}
        error={form.errors.message}
      />
      <Captcha siteKey={siteKey} onToken={setCaptchaToken} />
      <FormMessage text={form.errors.captcha_token ?? form.formError} />
      <button type="submit" className="btn btn-primary btn-lg w-full" disabled={form.busy} aria-busy={form.busy}>
        {form.busy && <span className="loading loading-spinner loading-sm" />}
        {t("contact.submit")}
      </button>
      {siteKey && (
        <p className="text-xs text-base-content/70" data-testid="recaptcha-notice">
          <Trans
            i18nKey="contact.recaptcha_notice"
            components={{
              privacy: <NoticeLink href="https://policies.google.com/privacy" />,
              terms: <NoticeLink href="https://policies.google.com/terms" />,
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
