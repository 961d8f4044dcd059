import { type } from "arktype";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import type { OtpSent } from "../../client/types.ts";
import { otp, password, required } from "../../shared/schemas/fields.ts";
import { Captcha } from "../../ui/Captcha.tsx";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { OtpField } from "../../ui/OtpField.tsx";
import { ResendButton } from "../../ui/ResendButton.tsx";
import { SubmitButton } from "../../ui/SubmitButton.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { useForm } from "../../ui/use-form.ts";

const IdentifierForm = type({ identifier: required });
const ResetForm = type({ otp, password });

/** The account is named by username or phone; the reset then goes by the same identifier. */
const identify = (value: string) => (/^(\+84|84|0)\d{9}$/.test(value.trim()) ? { phone: value.trim() } : { username: value.trim() });

type Props = { siteKey: string | null; onDone: (message: string) => void; onBack: () => void };

export function ForgotPassword({ siteKey, onDone, onBack }: Props) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<OtpSent | null>(null);
  const [captchaToken, setCaptchaToken] = useState("");
  const ask = useForm(IdentifierForm, { identifier: "" });
  const reset = useForm(ResetForm, { otp: "", password: "" });

  const requestCode = () =>
    api.forgetPassword({ ...identify(ask.values.identifier), ...(captchaToken ? { captcha_token: captchaToken } : {}) });

  if (!sent) {
    return (
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void ask.submit(async () => setSent(await requestCode()));
        }}
      >
        <h1 className="text-2xl font-semibold">{t("forgot.title")}</h1>
        <p className="text-base-content/70">{t("forgot.text")}</p>
        <TextField
          label={t("forgot.identifier")}
          name="identifier"
          value={ask.values.identifier}
          onValue={ask.set("identifier")}
          error={ask.errors.identifier}
        />
        <Captcha siteKey={siteKey} onToken={setCaptchaToken} />
        <FormMessage text={ask.formError} />
        <SubmitButton busy={ask.busy}>{t("forgot.submit")}</SubmitButton>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onBack}>
          {t("forgot.back")}
        </button>
      </form>
    );
  }

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void reset.submit(async () => {
          await api.resetPassword({ ...identify(ask.values.identifier), ...reset.values });
          onDone(t("forgot.success"));
        });
      }}
    >
      <h1 className="text-2xl font-semibold">{t("forgot.reset_title")}</h1>
      <p className="text-base-content/70">{t("otp.sent_to", { phone: sent.phone_masked ?? "" })}</p>
      <OtpField value={reset.values.otp} onValue={reset.set("otp")} error={reset.errors.otp} />
      <TextField
        label={t("field.new_password")}
        name="password"
        type="password"
        autoComplete="new-password"
        hint={t("register.password_hint")}
        value={reset.values.password}
        onValue={reset.set("password")}
        error={reset.errors.password}
      />
      <ResendButton seconds={sent.resend_in} request={requestCode} />
      <FormMessage text={reset.formError} />
      <SubmitButton busy={reset.busy}>{t("forgot.reset_submit")}</SubmitButton>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onBack}>
        {t("forgot.back")}
      </button>
    </form>
  );
}
