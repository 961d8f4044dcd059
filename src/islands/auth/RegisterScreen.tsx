import { type } from "arktype";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { goAfterSignIn } from "../../client/navigation.ts";
import { returnPathFromLocation, withReturnPath } from "../../client/return-path.ts";
import type { OtpSent } from "../../client/types.ts";
import type { Lang } from "../../i18n/index.ts";
import { I18nIsland } from "../../i18n/react.tsx";
import { RegisterBody } from "../../shared/schemas/account.ts";
import { otp } from "../../shared/schemas/fields.ts";
import { saveSession } from "../../client/session.ts";
import { showToastAfterNavigation } from "../../stores/toasts.ts";
import { Captcha } from "../../ui/Captcha.tsx";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { OtpField } from "../../ui/OtpField.tsx";
import { ResendButton } from "../../ui/ResendButton.tsx";
import { SubmitButton } from "../../ui/SubmitButton.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { useAppConfig } from "../../ui/use-app-config.ts";
import { useForm } from "../../ui/use-form.ts";

const OtpForm = type({ otp });
const FIELDS = [
  { name: "username", autoComplete: "username" },
  { name: "full_name", autoComplete: "name" },
  { name: "phone", autoComplete: "tel", inputMode: "tel" },
  { name: "company", autoComplete: "organization" },
  { name: "email", autoComplete: "email", inputMode: "email" },
  { name: "password", autoComplete: "new-password", type: "password" },
] as const;

export default function RegisterScreen({ lang }: { lang: Lang }) {
  return (
    <I18nIsland lang={lang}>
      <Register lang={lang} />
    </I18nIsland>
  );
}

function Register({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const [sent, setSent] = useState<OtpSent | null>(null);
  const [captchaToken, setCaptchaToken] = useState("");
  const form = useForm(RegisterBody, { username: "", full_name: "", phone: "", company: "", email: "", password: "" });
  const verify = useForm(OtpForm, { otp: "" });

  if (sent) {
    return (
      <form
        className="flex flex-col gap-4"
        noValidate
        data-testid="otp-form"
        onSubmit={(e) => {
          e.preventDefault();
          void verify.submit(async () => {
            const result = await api.verifyRegistration({ phone: sent.phone ?? form.values.phone, otp: verify.values.otp });
            saveSession(result.access_token, result.user);
            showToastAfterNavigation("success", t("register.success"));
            goAfterSignIn();
          });
        }}
      >
        <h1 className="text-2xl font-semibold">{t("register.otp_title")}</h1>
        <p className="text-base-content/70">{t("otp.sent_to", { phone: sent.phone ?? "" })}</p>
        <OtpField value={verify.values.otp} onValue={verify.set("otp")} error={verify.errors.otp} />
        <ResendButton seconds={sent.resend_in} request={() => api.resendOtp(sent.phone ?? form.values.phone)} />
        <FormMessage text={verify.formError} />
        <SubmitButton busy={verify.busy}>{t("register.verify")}</SubmitButton>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setSent(null)}>
          {t("register.change_info")}
        </button>
      </form>
    );
  }

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      data-testid="register-form"
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit(async () =>
          setSent(await api.register({ ...form.values, ...(captchaToken ? { captcha_token: captchaToken } : {}) })),
        );
      }}
    >
      <div>
        <h1 className="text-2xl font-semibold">{t("register.title")}</h1>
        <p className="text-base-content/70">{t("register.subtitle")}</p>
      </div>
      <div className="grid gap-4 desktop:grid-cols-2">
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            label={t(`field.${field.name}`)}
            name={field.name}
            type={"type" in field ? field.type : "text"}
            autoComplete={field.autoComplete}
            inputMode={"inputMode" in field ? field.inputMode : undefined}
            hint={field.name === "password" ? t("register.password_hint") : undefined}
            value={form.values[field.name]}
            onValue={form.set(field.name)}
            error={form.errors[field.name]}
          />
        ))}
      </div>
      <Captcha siteKey={config?.recaptcha_site_key ?? null} onToken={setCaptchaToken} />
      <FormMessage text={form.errors.captcha_token ?? form.formError} />
      <SubmitButton busy={form.busy}>{t("register.submit")}</SubmitButton>
      <p className="text-center text-sm">
        {t("register.have_account")}{" "}
        <a className="link link-primary" href={withReturnPath(lang, "/login", returnPathFromLocation())}>
          {t("login.title")}
        </a>
      </p>
    </form>
  );
}
