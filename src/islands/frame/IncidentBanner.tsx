import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import type { Incident } from "../../shared/schemas/incident-answers.ts";
import { localePath, type Lang } from "../../i18n/index.ts";
import { I18nIsland } from "../../i18n/react.tsx";
import { $project } from "../../stores/project.ts";
import { $startup } from "../../stores/startup.ts";
import { Icon } from "../../ui/Icon.tsx";

type Open = { newest: Incident; total: number };

export default function IncidentBanner({ lang }: { lang: Lang }) {
  return (
    <I18nIsland lang={lang}>
      <Banner lang={lang} />
    </I18nIsland>
  );
}

/**
 * While the brand has an incident in progress, every dashboard screen says so and links to it (to the list when there
 * are several), except the list and the incident's own screens. Dismissed incidents are closed, so they never show here.
 * One whose surge has calmed shows until a person marks it done, saying that it calmed.
 */
function Banner({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const ready = useStore($startup) === "ready";
  const project = useStore($project);
  const [open, setOpen] = useState<Open | null>(null);
  useEffect(() => {
    if (!ready || !project) return;
    let current = true;
    api.incidentIndex({ project_id: project.id, status: 0, limit: 1 }).then(
      (page) => current && setOpen(page.data[0] ? { newest: page.data[0], total: page.total } : null),
      // The banner is a hint: a failure here must not disturb the screen under it.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [ready, project]);
  if (!open) return null;
  const list = localePath(lang, "/crisis-management");
  const own = localePath(lang, `/crisis-management/${open.newest.id}`);
  const here = location.pathname.replace(/\/+$/, "");
  if (here === list || here === own || here.startsWith(`${own}/`)) return null;
  const href = open.total > 1 ? `${list}?status=0` : own;
  return (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-box border border-error/40 bg-error/10 px-4 py-2.5"
      data-testid="incident-banner"
    >
      <Icon path="M12 4 2.5 20h19zM12 10v4M12 17h.01" className="size-5 shrink-0 text-error" />
      <p className="min-w-0 flex-1 basis-56 text-sm">
        <span className="font-semibold text-error">
          {open.total > 1
            ? t("crisis.banner.several", { count: open.total })
            : t(open.newest.end_date === null ? "crisis.banner.one" : "crisis.banner.calmed")}
        </span>{" "}
        <span className="break-words">{open.newest.title}</span>
      </p>
      <a href={href} className="btn btn-outline btn-error btn-sm bg-base-100" data-testid="incident-banner-link">
        {open.total > 1 ? t("crisis.banner.see_all") : t("crisis.banner.see")}
      </a>
    </div>
  );
}
