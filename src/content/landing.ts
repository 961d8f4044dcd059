import { type } from "arktype";
import type { Lang } from "../i18n/index.ts";
import { CHANNELS } from "../shared/channels.ts";
import sample from "./dashboard-sample.json" with { type: "json" };
import en from "./landing/en.json" with { type: "json" };
import vi from "./landing/vi.json" with { type: "json" };

const text = "string > 0";
const Steps = type({ title: text, text }).array().atLeastLength(1);
const channelSlug = type.enumerated(...CHANNELS.map((c) => c.slug));

/**
 * The landing page's words, edited by marketing in landing/<lang>.json; a broken file fails the build with its path.
 * Channel and sentiment names are not here: the page uses the product's own (src/shared/names.ts).
 */
const LandingContent = type({
  meta: { title: text, description: text },
  nav: { label: text, channels: text, features: text, customers: text, contact: text },
  hero: { eyebrow: text, title: text, text, contact_cta: text, trial_cta: text, points: type(text).array() },
  channels: {
    title: text,
    text,
    groups: { social: text, news: text, review: text, ecommerce: text, other: text },
  },
  preview: {
    title: text,
    text,
    sample_label: text,
    mentions: text,
    interactions: text,
    trend: text,
    spike: text,
    share: text,
    sentiment: text,
    latest: text,
    brands: type(text).array().exactlyLength(3),
    latest_items: type({ channel: channelSlug, sentiment: "'positive' | 'neutral' | 'negative'", time: text, text }).array(),
  },
  sentiment: { title: text, text, steps: Steps },
  crisis: { title: text, text, steps: Steps },
  customers: { title: text, text },
  contact: { title: text, text, promises: type(text).array() },
});
export type LandingContent = typeof LandingContent.infer;

const SampleData = type({
  totals: { mentions: "number", interactions: "number" },
  sentiment: { positive: "number", neutral: "number", negative: "number" },
  trend: type("number[]").array().exactlyLength(3),
});

const files: Record<Lang, unknown> = { vi, en };

export function landingContent(lang: Lang): LandingContent {
  const result = LandingContent(files[lang]);
  if (result instanceof type.errors) throw new Error(`src/content/landing/${lang}.json: ${result.summary}`);
  return result;
}

/** Figures of the dashboard illustration (the page labels them as sample data). */
export function dashboardSample(): typeof SampleData.infer {
  const result = SampleData(sample);
  if (result instanceof type.errors) throw new Error(`src/content/dashboard-sample.json: ${result.summary}`);
  return result;
}
