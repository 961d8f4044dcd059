import { useStore } from "@nanostores/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { $project } from "../../stores/project.ts";

/** The screen title with the brand project it is about, and room for screen actions (export). */
export function ScreenHeader({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const project = useStore($project);
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold">{title}</h1>
        {project && <p className="truncate text-sm text-base-content/70">{t("overview.project_line", { name: project.name })}</p>}
      </div>
      {children}
    </header>
  );
}
