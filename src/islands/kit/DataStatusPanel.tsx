import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { DataStatus } from "../../client/types.ts";
import { localePath, type Lang } from "../../i18n/index.ts";
import { formatDateTime, formatNumber } from "../../shared/format.ts";
import { Icon } from "../../ui/Icon.tsx";
import { useAppConfig } from "../../ui/use-app-config.ts";

/**
 * A new project's dashboard before its first mention: what Nghe has done (the scan at onboarding), what runs now
 * (collection, or why not, in the customer's words: no server setting is named), the other ways data comes in, the demo
 * where there is one, and when it will show. A longer period cannot help here.
 */
export function DataStatusPanel({ lang, status, onRecheck }: { lang: Lang; status: DataStatus; onRecheck: () => void }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const [brand] = status.projects;
  const collecting = status.collecting
    ? t("data_status.collecting_on", {
        last: status.last_collected_at ? formatDateTime(status.last_collected_at) : t("data_status.not_yet"),
      })
    : t("data_status.collecting_off");
  const lookback = status.looked_back_at
    ? t("data_status.looked_back", { time: formatDateTime(status.looked_back_at) })
    : t(status.collecting ? "data_status.looking_back" : "data_status.lookback_waiting");
  return (
    <section className="card border border-base-300 bg-base-100" data-testid="data-status" aria-labelledby="data-status-title">
      <div className="card-body gap-4 p-5 desktop:p-6">
        <div>
          <h2 id="data-status-title" className="text-lg font-semibold">
            {t("data_status.title", { name: brand.name })}
          </h2>
          <p className="text-sm text-base-content/70">{t("data_status.intro")}</p>
        </div>
        <ol className="grid gap-4">
          <Step icon="M21 21l-4.3-4.3M11 18a7 7 0 1 1 0-14 7 7 0 0 1 0 14z" title={t("data_status.scan_title")} testId="data-status-scan">
            <p>{t("data_status.scan_text", { time: formatDateTime(status.keywords_set_at) })}</p>
            <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {status.projects.map((p) => (
                <li key={p.id} data-project={p.id}>
                  <span className="font-medium">{p.name}</span>:{" "}
                  {t("data_status.mentions", { count: p.mentions, value: formatNumber(p.mentions) })}
                </li>
              ))}
            </ul>
          </Step>
          <Step
            icon="M4 4v6h6M20 20v-6h-6M5.6 15A8 8 0 0 0 19 17M18.4 9A8 8 0 0 0 5 7"
            title={t("data_status.collect_title")}
            testId="data-status-collect"
            warn={!status.collecting}
          >
            <p>{collecting}</p>
            <p>{lookback}</p>
          </Step>
          <Step icon="M12 3v12M7 10l5 5 5-5M5 21h14" title={t("data_status.import_title")} testId="data-status-import">
            <p>{t("data_status.import_text")}</p>
          </Step>
          <Step
            icon="M15 7a2 2 0 0 1 2 2M21 9a6 6 0 0 1-7.7 5.7L11 17H9v2H7v2H3v-3.6l6.3-6.3A6 6 0 1 1 21 9z"
            title={t("data_status.api_title")}
            testId="data-status-api"
          >
            <p>{status.api_keys > 0 ? t("data_status.api_ready", { count: status.api_keys }) : t("data_status.api_text")}</p>
          </Step>
          {status.demo_available && (
            <Step icon="M3 3h18v14H3zM8 21h8M12 17v4M7 13l3-3 3 2 4-5" title={t("data_status.demo_title")} testId="data-status-demo">
              <p>{t("data_status.demo_text")}</p>
            </Step>
          )}
        </ol>
        <p className="text-sm">{t("data_status.when")}</p>
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" className="btn btn-primary btn-sm" onClick={onRecheck} data-testid="data-status-recheck">
            {t("data_status.recheck")}
          </button>
          <a className="btn btn-ghost btn-sm" href={localePath(lang, "/project-setting/information")}>
            {t("data_status.change_keywords")}
          </a>
          {config && (
            <span className="text-sm text-base-content/70">
              {t("data_status.help")}{" "}
              <a className="link link-primary font-semibold" href={`tel:${config.support_phone.replace(/\s/g, "")}`}>
                {config.support_phone}
              </a>
            </span>
          )}
        </div>
      </div>
    </section>
  );
}

function Step({
  icon,
  title,
  testId,
  warn = false,
  children,
}: {
  icon: string;
  title: string;
  testId: string;
  warn?: boolean;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-3" data-testid={testId}>
      <span
        className={`grid size-8 shrink-0 place-items-center rounded-full ${warn ? "bg-warning/20 text-warning-content" : "bg-primary/10 text-primary"}`}
        aria-hidden="true"
      >
        <Icon path={icon} className="size-4" />
      </span>
      <div className="flex min-w-0 flex-col gap-0.5 text-sm">
        <h3 className="font-semibold">{title}</h3>
        {children}
      </div>
    </li>
  );
}
