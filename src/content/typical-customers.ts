import { type } from "arktype";
import type { Lang } from "../i18n/index.ts";
import { CHANNELS, type ChannelSlug } from "../shared/channels.ts";
import { INDUSTRIES, industryName } from "../shared/industries.ts";
import list from "./typical-customers.json" with { type: "json" };

const localized = { vi: "string > 0", en: "string > 0" } as const;

/** Edited by marketing; the landing page and GET /api/typical_customer both read it. */
const TypicalCustomers = type({
  id: "number.integer > 0",
  industry_id: type.enumerated(...INDUSTRIES.map((i) => i.id)),
  channels: type.enumerated(...CHANNELS.map((c) => c.slug)).array(),
  name: localized,
  text: localized,
}).array();

export type TypicalCustomer = { id: number; name: string; industry_id: number; industry: string; text: string; channels: ChannelSlug[] };

export function typicalCustomers(lang: Lang): TypicalCustomer[] {
  const result = TypicalCustomers(list);
  if (result instanceof type.errors) throw new Error(`src/content/typical-customers.json: ${result.summary}`);
  return result.map((c) => ({
    id: c.id,
    name: c.name[lang],
    industry_id: c.industry_id,
    industry: industryName(c.industry_id, lang) ?? "",
    text: c.text[lang],
    channels: c.channels,
  }));
}
