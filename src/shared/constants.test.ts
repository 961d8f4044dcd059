import { expect, test } from "vitest";
import { ACCOUNT_TYPE, shouldSuggestUpgrade } from "./account.ts";
import { CHANNELS, CHANNEL_GROUPS, channelById, channelsForSlug } from "./channels.ts";
import { EXPORT_RANGES, FILTER_QUERY_KEYS, TIME_PRESETS } from "./filters.ts";
import { INDUSTRIES, industryName } from "./industries.ts";
import * as limits from "./limits.ts";
import { CRISIS_STATUS, ECOMMERCE_SOURCE, MENTION_STATUS, MENTION_TYPE, SORT_OPTIONS } from "./mention.ts";
import { SENTIMENT, SENTIMENTS } from "./sentiment.ts";

test("channels 1–15 with the spec's names and slugs, each with a colour", () => {
  expect(CHANNELS.map((c) => `${c.id} ${c.name} ${c.slug}`)).toEqual([
    "1 Facebook facebook",
    "2 News news",
    "3 Paper paper",
    "4 TV tv",
    "5 Youtube youtube",
    "6 Twitter twitter",
    "7 Tiktok tiktok",
    "8 Review App review-app",
    "9 Instagram instagram",
    "10 Review Map review-map",
    "11 Zalo zalo",
    "12 Linkedin linkedin",
    "13 Zalo Group zalo-group",
    "14 Ecommerce ecommerce",
    "15 Threads threads",
  ]);
  for (const channel of CHANNELS) expect(channel.color).toMatch(/^#[0-9A-F]{6}$/);
  expect(new Set(CHANNELS.map((c) => c.color)).size).toBe(15);
});

test("channel groups and route slugs", () => {
  expect(CHANNEL_GROUPS.social).toEqual(["facebook", "instagram", "twitter", "youtube", "tiktok", "threads"]);
  expect(channelsForSlug("news")!.map((c) => c.id)).toEqual([2, 3]);
  expect(channelsForSlug("review")!.map((c) => c.id)).toEqual([8, 10]);
  expect(channelsForSlug("ecommerce")!.map((c) => c.id)).toEqual([14]);
  expect(channelsForSlug("tv")!.map((c) => c.id)).toEqual([4]);
  expect(channelsForSlug("toString")).toBeNull();
  expect(channelsForSlug("myspace")).toBeNull();
  expect(channelById(4)!.group).toBeNull();
  expect(channelById(1)!.group).toBe("social");
});

test("industries with the spec's ids and both languages", () => {
  expect(INDUSTRIES.map((i) => `${i.id} ${i.en}`)).toEqual([
    "1 Banking",
    "8 Pharmacy",
    "1553 Household appliances",
    "10586 Property",
    "10628 Airline",
    "11622 Telecommunication",
    "11841 Drink",
    "11968 Car",
    "20088 Insurance",
    "19766 Milk",
    "19369 Furniture",
    "19135 Road transport",
    "19894 Payment",
    "1554 Finance",
    "0 Other",
  ]);
  expect(industryName(19766, "vi")).toBe("Sữa");
  expect(industryName(0, "vi")).toBe("Khác");
});

test("statuses, types and sentiments of spec §4", () => {
  expect(ACCOUNT_TYPE).toEqual({ trial: 0, contracted: 1, locked: 2 });
  expect(SENTIMENT).toEqual({ neutral: 0, positive: 1, negative: 2 });
  expect(SENTIMENTS.map((s) => s.name)).toEqual(["neutral", "positive", "negative"]);
  expect(Object.values(MENTION_TYPE)).toEqual([0, 1, 2, 3, 4]);
  expect(Object.values(MENTION_STATUS)).toEqual([0, 1, 2, 3]);
  expect(CRISIS_STATUS).toEqual({ inProgress: 0, done: 1 });
  expect(ECOMMERCE_SOURCE).toEqual({ all: 0, shopee: 1, tiktok: 2 });
  expect(SORT_OPTIONS).toEqual(["time", "interact", "rate_asc", "rate_desc", "view"]);
  // The spec's twelve presets (§4) and the export's "3 months ago" (§2); every export range is one of them.
  expect(TIME_PRESETS).toHaveLength(13);
  expect(EXPORT_RANGES.every((range) => (TIME_PRESETS as readonly string[]).includes(range))).toBe(true);
  // The spec's fifteen (§9), `group` (a mention list grouped by story) and six drill-down keys.
  expect(FILTER_QUERY_KEYS).toHaveLength(22);
});

test("upgrade suggestion rule", () => {
  expect(shouldSuggestUpgrade(null)).toBe(false);
  expect(shouldSuggestUpgrade({ account_type: 0, is_waiting_for_upgrade: false })).toBe(true);
  expect(shouldSuggestUpgrade({ account_type: 0, is_waiting_for_upgrade: true })).toBe(false);
  expect(shouldSuggestUpgrade({ account_type: 1, is_waiting_for_upgrade: false })).toBe(false);
});

test("limits of spec §9", () => {
  expect(limits).toMatchObject({
    MAX_KEYWORDS: 10,
    MAX_COMPETITORS: 2,
    MAX_PROJECT_NAME: 30,
    SESSION_SECONDS: 2_592_000,
    NOTIFICATION_MS: 4_500,
    RELOAD_GUARD_MS: 60_000,
    DESKTOP_MIN_WIDTH: 1024,
    THANKYOU_BUTTON_BREAKPOINT: 1023,
    RESIZE_RECHECK_MS: 50,
    DIALOG_WIDTH: 568,
    DROPDOWN_MAX_HEIGHT: 250,
    EXCEL_COLUMN_WIDTH: 15,
    EXCEL_ROW_HEIGHT: 20,
  });
});
