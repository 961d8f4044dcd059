import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import { localePath, type Lang } from "../../i18n/index.ts";
import { channelNameKey } from "../../shared/names.ts";
import { CHANNEL_GROUPS, channelBySlug, type ChannelGroup } from "../../shared/channels.ts";
import { routeSlug } from "../../shared/dashboard-routes.ts";
import { filtersToSearch } from "../../stores/filter-params.ts";
import { $filters } from "../../stores/filters.ts";
import { $channels } from "../../client/session.ts";

/** Links to the screen for all channels and for each channel group the account has (/overview/social…). */
export function ChannelScopeNav({ lang, screen }: { lang: Lang; screen: "overview" | "mention" | "audience" }) {
  const { t } = useTranslation();
  const channels = useStore($channels);
  const filters = useStore($filters);
  const current = routeSlug(location.pathname, screen);
  const groups = (Object.keys(CHANNEL_GROUPS) as ChannelGroup[]).filter((group) => channels.some((c) => c.group === group));
  const tabs: { slug: string | null; label: string }[] = [
    { slug: null, label: t("filters.all_channels") },
    ...groups.map((g) => ({ slug: g, label: t(`filters.group.${g}`) })),
  ];
  const single = current ? channelBySlug(current) : undefined;
  if (single && !groups.includes(current as ChannelGroup)) tabs.push({ slug: single.slug, label: t(channelNameKey(single.slug)) });
  // A channel chosen in one scope may not exist in another; the period and the other filters carry over.
  const search = filtersToSearch({ ...filters, channel_ids: [], page: 1 });
  return (
    <nav
      aria-label={t("filters.scope_label")}
      className="tabs tabs-box tabs-sm w-fit max-w-full flex-nowrap overflow-x-auto"
      data-testid="channel-scope"
    >
      {tabs.map((tab) => (
        <a
          key={tab.slug ?? "all"}
          href={localePath(lang, `/${screen}${tab.slug ? `/${tab.slug}` : ""}`) + search}
          className={`tab whitespace-nowrap ${tab.slug === current ? "tab-active" : ""}`}
          aria-current={tab.slug === current ? "page" : undefined}
        >
          {tab.label}
        </a>
      ))}
    </nav>
  );
}
