import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { ApiFailure } from "../../client/api-error.ts";
import { goAfterSignIn } from "../../client/navigation.ts";
import { returnPathFromLocation, withReturnPath } from "../../client/return-path.ts";
import type { LoginResult } from "../../client/types.ts";
import type { Lang } from "../../i18n/index.ts";
import { I18nIsland } from "../../i18n/react.tsx";
import { LoginBody } from "../../shared/schemas/account.ts";
import { $accessToken, saveSession } from "../../client/session.ts";
import { showToastAfterNavigation } from "../../stores/toasts.ts";
import { Captcha } from "../../ui/Captcha.tsx";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { SubmitButton } from "../../ui/SubmitButton.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { useAppConfig } from "../../ui/use-app-config.ts";
import { useForm } from "../../ui/use-form.ts";
import { ForgotPassword } from "./ForgotPassword.tsx";
import { LoginCodeStep } from "./LoginCodeStep.tsx";

export default function LoginScreen({ lang }: { lang: Lang }) {
  return (
    <I18nIsland lang={lang}>
      <Login lang={lang} />
    </I18nIsland>
  );
}

function Login({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const [mode, setMode] = useState<"login" | "forgot">("login");
  const [notice, setNotice] = useState("");
  const [captchaToken, setCaptchaToken] = useState("");
  const [codeNotice, setCodeNotice] = useState("");
  const form = useForm(LoginBody, { username: "", password: "" });

  useEffect(() => {
    if ($accessToken.get()) goAfterSignIn();
  }, []);

  if (mode === "forgot") {
    return (
      <ForgotPassword
        siteKey={config?.recaptcha_site_key ?? null}
        onDone={(message) => {
          setNotice(message);
          setMode("login");
        }}
        onBack={() => setMode("login")}
      />
    );
  }

  const credentials = { ...form.values, ...(captchaToken ? { captcha_token: captchaToken } : {}) };
  const signedIn = (result: LoginResult) => {
    saveSession(result.access_token, result.user);
    showToastAfterNavigation("success", t("login.success"));
    goAfterSignIn();
  };

  if (codeNotice) {
    return <LoginCodeStep credentials={credentials} notice={codeNotice} onSignedIn={signedIn} onBack={() => setCodeNotice("")} />;
  }

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    void form.submit(async () => {
      try {
        signedIn(await api.login(credentials));
      } catch (error) {
        // The username is under a broad attack: the password goes on with a code texted to the account's phone.
        if (!(error instanceof ApiFailure && error.data.otp_required)) throw error;
        setCodeNotice(error.message);
      }
    });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate data-testid="login-form">
      <div>
        <h1 className="text-2xl font-semibold">{t("login.title")}</h1>
        <p className="text-base-content/70">{t("login.subtitle")}</p>
      </div>
      {notice && (
        <div role="status" className="alert alert-success alert-soft text-sm">
          {notice}
        </div>
      )}
      <TextField
        label={t("field.username")}
        name="username"
        autoComplete="username"
        value={form.values.username}
        onValue={form.set("username")}
        error={form.errors.username}
      />
      <TextField
        label={t("field.password")}
        name="password"
        type="password"
        autoComplete="current-password"
        value={form.values.password}
        onValue={form.set("password")}
        error={form.errors.password}
      />
      <div className="-mt-2 text-right">
        <button type="button" className="link link-primary text-sm" onClick={() => setMode("forgot")}>
          {t("login.forgot")}
        </button>
      </div>
      <Captcha siteKey={config?.recaptcha_site_key ?? null} onToken={setCaptchaToken} />
      <FormMessage text={form.errors.captcha_token ?? form.formError} />
      <SubmitButton busy={form.busy}>{t("login.submit")}</SubmitButton>
      <p className="text-center text-sm">
        {t("login.no_account")}{" "}
        <a className="link link-primary" href={withReturnPath(lang, "/register", returnPathFromLocation())}>
          {t("login.register_link")}
        </a>
      </p>
      {config && (
        <p className="text-center text-sm text-base-content/60" data-testid="hotline">
          {t("login.hotline", { phone: config.support_phone })}
        </p>
      )}
    </form>
  );
}
