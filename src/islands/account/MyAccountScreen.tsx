import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { ApiFailure } from "../../client/api-error.ts";
import type { Lang } from "../../i18n/index.ts";
import { I18nIsland } from "../../i18n/react.tsx";
import { UpdateInfoBody } from "../../shared/schemas/account.ts";
import { $user, saveUser } from "../../client/session.ts";
import { showToast } from "../../stores/toasts.ts";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { SubmitButton } from "../../ui/SubmitButton.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { useForm } from "../../ui/use-form.ts";

const MAX_AVATAR_BYTES = 2 * 1024 * 1024;
const AVATAR_TYPES = ["image/jpeg", "image/png", "image/webp"];

export default function MyAccountScreen({ lang }: { lang: Lang }) {
  return (
    <I18nIsland lang={lang}>
      <MyAccount />
    </I18nIsland>
  );
}

function MyAccount() {
  const { t } = useTranslation();
  const user = useStore($user);
  const form = useForm(UpdateInfoBody, { full_name: "", phone: "", company: "", email: "" });
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    api.showUser().then(
      (fresh) => {
        saveUser(fresh);
        form.setValues({ full_name: fresh.full_name, phone: fresh.phone, company: fresh.company, email: fresh.email });
        setLoaded(true);
      },
      (error: unknown) => console.error("user load failed", error),
    );
  }, [form.setValues]);

  if (!loaded || !user) return <span className="loading loading-spinner" role="status" aria-label={t("state.loading")} />;

  return (
    <div className="grid max-w-3xl gap-6 desktop:grid-cols-[200px_1fr]">
      <AvatarPicker avatarUrl={user.avatar_url} name={user.full_name} />
      <form
        className="card border border-base-300 bg-base-100"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void form.submit(async () => {
            saveUser(await api.updateInfo(form.values));
            showToast("success", t("account.saved"));
          });
        }}
      >
        <div className="card-body gap-4">
          <TextField label={t("field.username")} name="username" value={user.username} readOnly disabled onValue={() => undefined} />
          <TextField
            label={t("field.full_name")}
            name="full_name"
            value={form.values.full_name}
            onValue={form.set("full_name")}
            error={form.errors.full_name}
          />
          <TextField
            label={t("field.phone")}
            name="phone"
            inputMode="tel"
            value={form.values.phone}
            onValue={form.set("phone")}
            error={form.errors.phone}
          />
          <TextField
            label={t("field.company")}
            name="company"
            value={form.values.company}
            onValue={form.set("company")}
            error={form.errors.company}
          />
          <TextField
            label={t("field.email")}
            name="email"
            inputMode="email"
            value={form.values.email}
            onValue={form.set("email")}
            error={form.errors.email}
          />
          <FormMessage text={form.formError} />
          <div className="desktop:w-48">
            <SubmitButton busy={form.busy}>{t("account.save")}</SubmitButton>
          </div>
        </div>
      </form>
    </div>
  );
}

/** Checks type and size before uploading, shows a preview at once, and keeps the old picture if the upload fails. */
function AvatarPicker({ avatarUrl, name }: { avatarUrl: string | null; name: string }) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const shown = preview ?? avatarUrl;

  const pick = async (file: File | undefined) => {
    setError("");
    if (!file) return;
    if (!AVATAR_TYPES.includes(file.type)) return setError(t("avatar.wrong_type"));
    if (file.size > MAX_AVATAR_BYTES) return setError(t("avatar.too_large"));
    const local = URL.createObjectURL(file);
    setPreview(local);
    setBusy(true);
    try {
      saveUser(await api.changeAvatar(file));
      showToast("success", t("account.avatar_saved"));
    } catch (failure) {
      setPreview(null);
      setError(failure instanceof ApiFailure ? failure.message : String(failure));
    } finally {
      URL.revokeObjectURL(local);
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col items-center gap-3">
      <div className="avatar avatar-placeholder">
        <div className="w-32 rounded-full bg-primary/10 text-primary">
          {shown ? <img src={shown} alt={name} data-testid="avatar-preview" /> : <span className="text-4xl">{name.slice(0, 1)}</span>}
        </div>
      </div>
      <label className={`btn btn-outline btn-sm ${busy ? "btn-disabled" : ""}`}>
        {busy && <span className="loading loading-spinner loading-xs" />}
        {t("account.change_avatar")}
        <input
          type="file"
          accept={AVATAR_TYPES.join(",")}
          className="hidden"
          data-testid="avatar-input"
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </label>
      <p className="text-center text-xs text-base-content/60">{t("account.avatar_hint")}</p>
      {error && <p className="text-center text-sm text-error">{error}</p>}
    </div>
  );
}
