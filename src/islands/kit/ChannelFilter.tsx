import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import { channelNameKey } from "../../shared/names.ts";
import { channelById } from "../../shared/channels.ts";
import { $filters, $routeChannels, setFilters } from "../../stores/filters.ts";
import { $channels } from "../../client/session.ts";
import { MultiSelect } from "../../ui/MultiSelect.tsx";

/**
 * The account's channels, within the route's channel scope when the path names one. With nothing chosen the button
 * names what is shown: all channels, the route's group (/overview/social) or its one channel (/overview/facebook).
 */
export function ChannelFilter() {
  const { t } = useTranslation();
  const channels = useStore($channels);
  const scope = useStore($routeChannels);
  const { channel_ids } = useStore($filters);
  const options = channels
    .filter((c) => !scope || scope.includes(c.id))
    .map((c) => ({ value: c.id, label: t(channelNameKey(c.slug)), color: c.color }));
  const group = scope ? channelById(scope[0])?.group : null;
  const allLabel =
    scope?.length === 1 && options.length === 1
      ? options[0].label
      : group
        ? t("filters.all_in_group", { group: t(`filters.group.${group}`) })
        : t("filters.all_channels");
  return (
    <MultiSelect
      label={t("filters.channel_label")}
      allLabel={allLabel}
      options={options}
      value={channel_ids.filter((id) => options.some((o) => o.value === id))}
      onChange={(ids) => setFilters({ channel_ids: ids })}
      testId="filter-channels"
    />
  );
}
