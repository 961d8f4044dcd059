import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { CHANNELS } from "./channels.ts";
import { TIME_PRESETS } from "./filters.ts";
import { MENTION_STATUS, MENTION_TYPE } from "./mention.ts";
import { SENTIMENTS } from "./sentiment.ts";
import { periodLabelKey } from "../islands/kit/labels.ts";
import { LANGS, messages, translate, type MessageKey } from "../i18n/index.ts";
import { channelName, channelNameKey, mentionStatusKey, mentionTypeKey, sentimentNameKey } from "./names.ts";

const keys: MessageKey[] = [
  ...CHANNELS.map((c) => channelNameKey(c.slug)),
  ...SENTIMENTS.map((s) => sentimentNameKey(s.id)),
  ...Object.values(MENTION_TYPE).map(mentionTypeKey),
  ...Object.values(MENTION_STATUS).map(mentionStatusKey),
  ...TIME_PRESETS.map((p) => periodLabelKey(p) as MessageKey),
];

test("every channel, sentiment, mention type, status and period has a name in both languages", () => {
  for (const lang of LANGS) for (const key of keys) expect(messages[lang][key], `${lang} ${key}`).toBeTruthy();
});

test("Vietnamese names are Vietnamese: no English channel name or technical slug in a Vietnamese screen or file", () => {
  const vi = CHANNELS.map((c) => channelName("vi", c.id));
  expect(vi).toEqual([
    "Facebook",
    "Báo điện tử",
    "Báo in",
    "Truyền hình",
    "YouTube",
    "Twitter (X)",
    "TikTok",
    "Đánh giá ứng dụng",
    "Instagram",
    "Đánh giá bản đồ",
    "Zalo",
    "LinkedIn",
    "Nhóm Zalo",
    "Thương mại điện tử",
    "Threads",
  ]);
  expect(channelName("en", 14)).toBe("E-commerce");
  expect(translate("vi", mentionTypeKey(MENTION_TYPE.post))).toBe("Bài viết");
});

test("neutral is 'Trung lập' wherever the product names it: screens, export, reports and the landing page", () => {
  expect(translate("vi", sentimentNameKey(0))).toBe("Trung lập");
  const elsewhere = [
    readFileSync(new URL("../i18n/vi.json", import.meta.url), "utf8"),
    readFileSync(new URL("../content/landing/vi.json", import.meta.url), "utf8"),
  ];
  for (const text of elsewhere) expect(text).not.toMatch(/Trung tính/i);
});

test("the landing page's words hold no list of channel or sentiment names of their own", () => {
  for (const lang of LANGS) {
    const content = JSON.parse(readFileSync(new URL(`../content/landing/${lang}.json`, import.meta.url), "utf8"));
    expect(content.channels.names).toBeUndefined();
    expect([content.preview.positive, content.preview.neutral, content.preview.negative]).toEqual([undefined, undefined, undefined]);
  }
});
