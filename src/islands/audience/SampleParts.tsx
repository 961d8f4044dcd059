import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import { localePath, type Lang } from "../../i18n/index.ts";
import { ACCOUNT_TYPE } from "../../shared/account.ts";
import { $user } from "../../client/session.ts";
import { Icon } from "../../ui/Icon.tsx";
import type { Remote } from "../kit/use-dashboard-data.ts";

/** Trial accounts see generated demographics (spec §1): said once for the screen, with the way to real data. */
export function SampleNotice({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const user = useStore($user);
  if (!user || user.account_type === ACCOUNT_TYPE.contracted) return null;
  return (
    <aside
      className="flex flex-col gap-3 rounded-box border border-warning/50 bg-warning/10 p-4 @2xl:flex-row @2xl:items-center"
      data-testid="audience-sample-notice"
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <Icon
          path="M12 9v4M12 17h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z"
          className="mt-0.5 size-5 shrink-0 text-warning"
        />
        <div className="min-w-0">
          <p className="font-semibold">{t("audience.sample_title")}</p>
          <p className="text-sm text-base-content/80">{t("audience.sample_text")}</p>
        </div>
      </div>
      <a className="btn btn-primary btn-sm self-start @2xl:self-auto" href={localePath(lang, "/upgrade")}>
        {t("audience.upgrade")}
      </a>
    </aside>
  );
}

/** On each widget whose answer is the sample, so a screenshot of one card still says so. */
export function SampleBadge<T extends { sample: boolean }>({ remote }: { remote: Remote<T> }) {
  return remote.status === "ready" ? <SampleMark sample={remote.data.sample} /> : null;
}

/** The sample's mark on one figure (a tile, the map, a table), so that no crop of the screen shows invented numbers unmarked. */
export function SampleMark({ sample, className = "" }: { sample: boolean; className?: string }) {
  const { t } = useTranslation();
  if (!sample) return null;
  return (
    <span className={`badge badge-warning badge-sm whitespace-nowrap ${className}`} data-testid="sample-badge">
      {t("audience.sample_badge")}
    </span>
  );
}

/** A tooltip's text, said to be the sample's when it is. */
export function useSampleTip(sample: boolean): (text: string) => string {
  const { t } = useTranslation();
  return (text) => (sample ? t("audience.sample_tip", { text }) : text);
}
