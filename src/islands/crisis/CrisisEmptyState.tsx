import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { $project } from "../../stores/project.ts";
import { localePath, type Lang } from "../../i18n/index.ts";
import { AlertRecipients } from "../../ui/AlertRecipients.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { useRemote } from "../kit/use-dashboard-data.ts";

/**
 * No incident: with filters, say so and offer to clear them; without, say what detection watches (the project's own
 * settings), so an empty list reads as "all calm", not as "not working".
 */
export function CrisisEmptyState({ filtered, onClear, lang }: { filtered: boolean; onClear: () => void; lang: Lang }) {
  const { t } = useTranslation();
  const project = useStore($project);
  const { remote } = useRemote(() => api.crisisSettings(project!.id), String(project?.id));
  const settings = remote.status === "ready" ? remote.data : null;
  const contacts = useRemote(() => api.showNotification(), "contacts").remote;
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-10 text-center" data-testid="incident-empty">
      <Icon path="M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6zM9 12l2 2 4-4" className="size-10 text-success" />
      <p className="text-lg font-semibold">{filtered ? t("crisis.empty.filtered_title") : t("crisis.empty.title")}</p>
      {filtered ? (
        <button type="button" className="btn btn-outline btn-sm" onClick={onClear}>
          {t("crisis.empty.clear_filters")}
        </button>
      ) : (
        <div className="flex max-w-xl flex-col gap-2 text-sm text-base-content/70" data-testid="detection-explained">
          <p>{t("crisis.empty.watches", { project: project?.name ?? "" })}</p>
          {settings && (
            <p>
              {settings.enabled
                ? t("crisis.empty.settings", {
                    sensitivity: t(`crisis.sensitivity.${settings.sensitivity}`),
                    min: settings.minVolume,
                    resolve: settings.resolveHours,
                  })
                : t("crisis.empty.disabled")}
            </p>
          )}
          {settings?.enabled && contacts.status === "ready" && (
            <p>
              <AlertRecipients emails={contacts.data.emails} phones={contacts.data.phones} />{" "}
              <a className="link" href={localePath(lang, "/project-setting/notify")}>
                {t("notify.alerts.settings_link")}
              </a>
            </p>
          )}
        </div>
      )}
    </div>
  );
}
