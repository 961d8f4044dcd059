import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import type { Lang } from "../../i18n/index.ts";
import { I18nIsland } from "../../i18n/react.tsx";
import { ChangePasswordBody } from "../../shared/schemas/account.ts";
import { showToast } from "../../stores/toasts.ts";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { SubmitButton } from "../../ui/SubmitButton.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { useForm } from "../../ui/use-form.ts";

export default function ChangePasswordScreen({ lang }: { lang: Lang }) {
  return (
    <I18nIsland lang={lang}>
      <ChangePassword />
    </I18nIsland>
  );
}

function ChangePassword() {
  const { t } = useTranslation();
  const form = useForm(ChangePasswordBody, { old_password: "", new_password: "" });
  return (
    <form
      className="card max-w-lg border border-base-300 bg-base-100"
      noValidate
      data-testid="change-password-form"
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit(async () => {
          await api.changePassword(form.values);
          form.setValues({ old_password: "", new_password: "" });
          showToast("success", t("account.password_changed"));
        });
      }}
    >
      <div className="card-body gap-4">
        <TextField
          label={t("field.old_password")}
          name="old_password"
          type="password"
          autoComplete="current-password"
          value={form.values.old_password}
          onValue={form.set("old_password")}
          error={form.errors.old_password}
        />
        <TextField
          label={t("field.new_password")}
          name="new_password"
          type="password"
          autoComplete="new-password"
          hint={t("register.password_hint")}
          value={form.values.new_password}
          onValue={form.set("new_password")}
          error={form.errors.new_password}
        />
        <FormMessage text={form.formError} />
        <div className="desktop:w-48">
          <SubmitButton busy={form.busy}>{t("account.change_password")}</SubmitButton>
        </div>
      </div>
    </form>
  );
}
