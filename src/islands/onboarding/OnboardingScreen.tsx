import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { ApiFailure } from "../../client/api-error.ts";
import { goTo } from "../../client/navigation.ts";
import type { Project } from "../../client/types.ts";
import type { Lang } from "../../i18n/index.ts";
import { I18nIsland } from "../../i18n/react.tsx";
import { $brands, $project, $userProjects } from "../../stores/project.ts";
import { $accessToken, saveUser } from "../../client/session.ts";
import { showToastAfterNavigation } from "../../stores/toasts.ts";
import { Dialog } from "../../ui/Dialog.tsx";
import { sanitizeMarkup } from "../../ui/sanitize.ts";
import { useAppConfig } from "../../ui/use-app-config.ts";
import { logoutEverywhere } from "../kit/UserMenu.tsx";
import { ProjectFormFields } from "../kit/ProjectFormFields.tsx";
import { EMPTY_PROJECT_FORM, formFromProject, useProjectForm } from "../kit/use-project-form.ts";
import { postponeUpgradeSuggestion } from "../kit/upgrade-suggestion.ts";

type Step = "loading-page" | "form" | "scanning";
/**
 * What the dialog says: a server message or the spec's no-data sentence (its keywords may be at fault), or, where the
 * server collects nothing, why there is no data and what the customer can do meanwhile (the keywords are not at fault).
 */
type Notice = { html: string; keywordsAtFault: true } | { html: string; keywordsAtFault: false; demo: boolean };

export default function OnboardingScreen({ lang }: { lang: Lang }) {
  return (
    <I18nIsland lang={lang}>
      <Onboarding />
    </I18nIsland>
  );
}

/** Spec §2/§4 onboarding: form → scanning → (no-data dialog | overview). */
function Onboarding() {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>("loading-page");
  const [brands, setBrands] = useState<Record<string, string>>({});
  const [project, setProject] = useState<Project | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const config = useAppConfig();
  const [busy, setBusy] = useState(false);
  const form = useProjectForm(EMPTY_PROJECT_FORM);

  useEffect(() => {
    if (!$accessToken.get()) return goTo("/login");
    void (async () => {
      try {
        saveUser(await api.showUser());
      } catch {
        return goTo("/login");
      }
      const shown = await api.showProject().catch(() => null);
      if (shown?.project?.id) return goTo("/overview");
      setBrands(shown?.brands ?? (await api.getBrands().catch(() => ({}))));
      setStep("form");
    })();
  }, []);

  const finish = async () => {
    const shown = await api.showProject();
    $project.set(shown.project);
    $brands.set(shown.brands);
    $userProjects.set(await api.listUserProjects().catch(() => []));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy || !form.validate()) return;
    setBusy(true);
    try {
      const values = { ...form.values, brand_id: form.values.brand_id ?? 0 };
      const saved = project ? await api.updateProject(project.id, values) : await api.createProject(values);
      // A new account's first visit is for its own project: the upgrade offer waits for a later session.
      postponeUpgradeSuggestion();
      setProject(saved);
      form.setValues(formFromProject(saved));
      setStep("scanning");
      const withoutData = await api.scanData();
      if (withoutData.length > 0) {
        const names = withoutData.map((name) => `<b>${name}</b>`).join(", ");
        const status = await api.dataStatus().catch(() => null);
        setNotice(
          status && !status.collecting
            ? { html: t("onboarding.collection_off", { names }), keywordsAtFault: false, demo: status.demo_available }
            : { html: t("onboarding.no_data", { names }), keywordsAtFault: true },
        );
        return;
      }
      await finish();
      showToastAfterNavigation("success", t("onboarding.success"), { closable: false });
      goTo("/overview");
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      form.showServerErrors(error.errors);
      const onFields = Object.keys(error.errors).some((field) => field !== "message");
      if (!onFields) setNotice({ html: error.errors.message?.[0] ?? "", keywordsAtFault: true });
    } finally {
      setBusy(false);
      setStep((current) => (current === "scanning" ? "form" : current));
    }
  };

  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center justify-between border-b border-base-300 bg-base-100 px-4 py-3 desktop:px-8">
        <span className="flex items-center gap-2 text-xl font-semibold text-secondary">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          {t("app.name")}
        </span>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => void logoutEverywhere("/login")}
          data-testid="onboarding-logout"
        >
          {t("onboarding.logout")}
        </button>
      </header>
      <main className="flex flex-1 justify-center px-4 py-8">
        {step === "loading-page" && <span className="loading loading-spinner loading-lg" role="status" aria-label={t("state.loading")} />}
        {step === "scanning" && (
          <div className="flex flex-col items-center gap-4 pt-24 text-center" role="status" data-testid="scanning">
            <span className="loading loading-bars loading-lg text-primary" />
            <p className="max-w-sm text-lg">{t("onboarding.loading")}</p>
          </div>
        )}
        {step === "form" && (
          <form
            className="card w-full max-w-3xl border border-base-300 bg-base-100 shadow-sm"
            noValidate
            onSubmit={submit}
            data-testid="project-form"
          >
            <div className="card-body gap-6">
              <div>
                <h1 className="text-2xl font-semibold">{t("onboarding.title")}</h1>
                <p className="text-base-content/70">{t("onboarding.subtitle")}</p>
              </div>
              <ProjectFormFields brands={brands} values={form.values} errors={form.errors} onChange={form.change} />
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {busy && <span className="loading loading-spinner loading-sm" />}
                {project ? t("onboarding.submit_update") : t("onboarding.submit_create")}
              </button>
            </div>
          </form>
        )}
      </main>
      <Dialog
        open={notice !== null}
        title={t("onboarding.error_title")}
        testId="no-data-dialog"
        actions={
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setNotice(null)}>
              {notice?.keywordsAtFault === false ? t("onboarding.edit_project") : t("onboarding.change_keywords")}
            </button>
            {project && (
              <button
                type="button"
                className="btn btn-primary"
                onClick={async () => {
                  await finish().catch(() => undefined);
                  goTo("/overview");
                }}
              >
                {t("onboarding.continue")}
              </button>
            )}
          </>
        }
      >
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitizeMarkup escapes everything but bare b, strong, i, em and br */}
        <p dangerouslySetInnerHTML={{ __html: sanitizeMarkup(notice?.html ?? "") }} />
        {notice?.keywordsAtFault === false && (
          <div className="mt-3 text-sm" data-testid="no-data-meanwhile">
            <p className="font-medium">{t("onboarding.meanwhile")}</p>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              <li>{t("data_status.import_text")}</li>
              <li>{t("data_status.api_text")}</li>
              {notice.demo && <li>{t("data_status.demo_text")}</li>}
            </ul>
            {config && (
              <p className="mt-2">
                {t("data_status.help")}{" "}
                <a className="link link-primary font-semibold" href={`tel:${config.support_phone.replace(/\s/g, "")}`}>
                  {config.support_phone}
                </a>
              </p>
            )}
          </div>
        )}
        {project && <p className="mt-3 text-sm text-base-content/70">{t("onboarding.no_data_warning")}</p>}
      </Dialog>
    </div>
  );
}
