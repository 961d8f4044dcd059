import { type } from "arktype";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import type { LoginResult } from "../../client/types.ts";
import { otp } from "../../shared/schemas/fields.ts";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { OtpField } from "../../ui/OtpField.tsx";
import { SubmitButton } from "../../ui/SubmitButton.tsx";
import { useForm } from "../../ui/use-form.ts";

const CodeForm = type({ otp });

type Props = {
  credentials: { username: string; password: string; captcha_token?: string };
  /** The server's own words: why a code is asked for and where it went. */
  notice: string;
  onSignedIn: (result: LoginResult) => void;
  onBack: () => void;
};

/** While many places guess an account's password, the password signs in only with the code texted to the account's phone. */
export function LoginCodeStep({ credentials, notice, onSignedIn, onBack }: Props) {
  const { t } = useTranslation();
  const form = useForm(CodeForm, { otp: "" });
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      data-testid="login-code-form"
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(async () => onSignedIn(await api.login({ ...credentials, otp: form.values.otp })));
      }}
    >
      <h1 className="text-2xl font-semibold">{t("login.code_title")}</h1>
      <div role="status" className="alert alert-info alert-soft text-sm">
        {notice}
      </div>
      <OtpField value={form.values.otp} onValue={form.set("otp")} error={form.errors.otp} />
      <FormMessage text={form.formError} />
      <SubmitButton busy={form.busy}>{t("login.submit")}</SubmitButton>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onBack}>
        {t("forgot.back")}
      </button>
    </form>
  );
}
