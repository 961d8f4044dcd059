import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { ApiFailure } from "../../client/api-error.ts";
import type { Project, ProjectShow } from "../../client/types.ts";
import type { Lang } from "../../i18n/index.ts";
import { I18nIsland } from "../../i18n/react.tsx";
import { $formDirty } from "../../stores/dirty.ts";
import { $brands, $project, $remainingUpdates } from "../../stores/project.ts";
import { $startup } from "../../stores/startup.ts";
import { showToast } from "../../stores/toasts.ts";
import { SettingsForm } from "../../ui/SettingsForm.tsx";
import { ProjectFormFields } from "../kit/ProjectFormFields.tsx";
import { RematchProgress } from "../kit/RematchProgress.tsx";
import { RulesPreview } from "../kit/RulesPreview.tsx";
import { formFromProject, useProjectForm } from "../kit/use-project-form.ts";

export default function ProjectInformationScreen({ lang }: { lang: Lang }) {
  return (
    <I18nIsland lang={lang}>
      <ProjectInformation />
    </I18nIsland>
  );
}

function ProjectInformation() {
  const startup = useStore($startup);
  const project = useStore($project);
  if (startup !== "ready" || !project) return <span className="loading loading-spinner" />;
  return <InformationForm project={project} />;
}

function InformationForm({ project }: { project: Project }) {
  const { t } = useTranslation();
  const brands = useStore($brands);
  const remaining = useStore($remainingUpdates);
  const [busy, setBusy] = useState(false);
  const form = useProjectForm(formFromProject(project), () => $formDirty.set(true));
  const [rematch, setRematch] = useState<ProjectShow["rematch"]>(null);
  useEffect(() => () => $formDirty.set(false), []);
  useEffect(() => {
    api.showProject().then(
      (shown) => setRematch(shown.rematch),
      (error: unknown) => {
        if (!(error instanceof ApiFailure)) throw error;
      },
    );
  }, []);

  /** Saves, links what the pool already holds for new keywords, and reports whether it worked. */
  const save = async (): Promise<boolean> => {
    if (!form.validate()) return false;
    setBusy(true);
    try {
      const saved = await api.updateProject(project.id, { ...form.values, brand_id: form.values.brand_id ?? 0 });
      await api.scanData().catch((error: unknown) => console.error("scan after update failed", error));
      const shown = await api.showProject();
      $project.set(saved);
      $remainingUpdates.set(shown.remaining_updates);
      setRematch(shown.rematch);
      form.setValues(formFromProject(saved));
      $formDirty.set(false);
      showToast("success", t("project.saved"));
      return true;
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      console.error("project update failed", error);
      form.showServerErrors(error.errors);
      if (error.errors.message) showToast("error", error.message);
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsForm testId="project-settings-form" busy={busy} submitLabel={t("guard.update")} save={save}>
      <p className="text-sm text-base-content/70" data-testid="remaining-updates">
        {remaining === null ? t("project.updates_unlimited") : t("project.updates_left", { count: remaining })}
      </p>
      <RematchProgress initial={rematch} />
      <ProjectFormFields brands={brands} values={form.values} errors={form.errors} onChange={form.change} />
      <RulesPreview values={form.values} validate={form.validate} />
    </SettingsForm>
  );
}
