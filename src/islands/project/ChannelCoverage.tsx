import { useTranslation } from "react-i18next";
import { CHANNEL_WAYS, type ChannelWay } from "../../shared/channel-coverage.ts";
import { CHANNELS } from "../../shared/channels.ts";
import { channelCoverageKey, channelNameKey } from "../../shared/names.ts";

const WAY_BADGE: Record<ChannelWay, string> = { public: "badge-success", connection: "badge-primary", partner: "badge-neutral" };

/** Every spec channel with the way its mentions reach Nghe, including those no official API opens. */
export function ChannelCoverage() {
  const { t } = useTranslation();
  return (
    <details className="collapse-arrow collapse border border-base-300 bg-base-100" data-testid="channel-coverage">
      <summary className="collapse-title font-semibold">{t("connections.coverage.title")}</summary>
      <div className="collapse-content">
        <ul className="flex flex-col divide-y divide-base-300">
          {CHANNELS.map(({ id, slug }) => (
            <li key={id} className="flex flex-col gap-1 py-2 sm:flex-row sm:gap-3" data-testid={`coverage-${slug}`}>
              <span className="flex shrink-0 items-center gap-2 sm:w-56">
                <span className="font-medium">{t(channelNameKey(slug))}</span>
                <span className={`badge badge-soft badge-sm ${WAY_BADGE[CHANNEL_WAYS[slug]]}`}>
                  {t(`connections.coverage.way.${CHANNEL_WAYS[slug]}`)}
                </span>
              </span>
              <span className="text-sm text-base-content/80">{t(channelCoverageKey(slug))}</span>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
