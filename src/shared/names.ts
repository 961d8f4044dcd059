import { channelById, type ChannelSlug } from "./channels.ts";
import { ECOMMERCE_SOURCE, MENTION_STATUS, MENTION_TYPE } from "./mention.ts";
import { SENTIMENTS, type Sentiment } from "./sentiment.ts";
import { translate, type Lang, type MessageKey } from "../i18n/index.ts";

/**
 * The one list of names the product gives its channels, sentiments and mention codes: keys into vi.json and en.json,
 * read alike by the screens, the Excel export, the reports and the landing page.
 */

/** Message keys are dotted snake case; slugs and presets use hyphens. */
const snake = (name: string) => name.replace(/-/g, "_").replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export const channelNameKey = (slug: ChannelSlug) => `filters.channel.${snake(slug)}` as MessageKey;

/** How the channel's mentions reach Nghe, in a sentence (shared/channel-coverage.ts). */
export const channelCoverageKey = (slug: ChannelSlug) => `connections.coverage.${snake(slug)}` as MessageKey;

export const sentimentNameKey = (sentiment: Sentiment) => `filters.sentiment.${SENTIMENTS[sentiment].name}` as MessageKey;

/** The constant's name in a table of codes (spec §4): inProgress → in_progress. */
const codeName = (table: Record<string, number>, value: number) =>
  snake(Object.keys(table).find((k) => table[k] === value) ?? String(value));

export const mentionTypeKey = (type: number) => `mention.type.${codeName(MENTION_TYPE, type)}` as MessageKey;
export const mentionStatusKey = (status: number) => `mention.status.${codeName(MENTION_STATUS, status)}` as MessageKey;
export const ecommerceSourceKey = (source: number) => `mention.ecommerce.${codeName(ECOMMERCE_SOURCE, source)}` as MessageKey;

/** The channel's name in a language (News → Báo điện tử), or its id when the channel is unknown. */
export function channelName(lang: Lang, id: number): string {
  const channel = channelById(id);
  return channel ? translate(lang, channelNameKey(channel.slug)) : String(id);
}
