import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import { $filters, $routeChannels, setFilters } from "../../stores/filters.ts";
import { $channels } from "../../stores/session.ts";
import { channelKey } from "../../ui/channel-name.ts";
import { MultiSelect } from "../../ui/MultiSelect.tsx";

/** The account's channels, within the route's channel scope when the path names one. */
export function ChannelFilter() {
  const { t } = useTranslation();
  const channels = useStore($channels);
  const scope = useStore($routeChannels);
  const { channel_ids } = useStore($filters);
  const options = channels.filter((c) => !scope || scope.includes(c.id)).map((c) => ({ value: c.id, label: t(channelKey(c.slug)), color: c.color }));
  return (
    <MultiSelect
      label={t("filters.channel_label")}
      allLabel={t("filters.all_channels")}
      options={options}
      value={channel_ids.filter((id) => options.some((o) => o.value === id))}
      onChange={(ids) => setFilters({ channel_ids: ids })}
      testId="filter-channels"
    />
  );
}
