import { useTranslation } from "react-i18next";
import { channelById } from "../shared/channels.ts";
import { channelName } from "./channel-name.ts";

const UNKNOWN_CHANNEL_COLOR = "#9CA3AF";

/** The channel's name behind a dot in its colour; the colour carries no text, so any colour stays readable. */
export function ChannelBadge({ channelId }: { channelId: number }) {
  const { t } = useTranslation();
  const color = channelById(channelId)?.color ?? UNKNOWN_CHANNEL_COLOR;
  return (
    <span
      className="inline-flex shrink-0 items-center gap-1.5 rounded-full border border-base-300 px-2 py-0.5 text-xs font-medium whitespace-nowrap"
      data-channel={channelId}
    >
      <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: color }} />
      {channelName(t, channelId)}
    </span>
  );
}
