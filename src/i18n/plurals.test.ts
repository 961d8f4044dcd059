import { expect, test } from "vitest";
import { messages, translate } from "./index.ts";
import { instanceFor } from "./react.tsx";

test("a count of one reads in the singular in English, on screens (i18next) and in reports and SMS (translate)", () => {
  const screen = instanceFor("en");
  expect(screen.t("overview.interactions_count", { count: 1, value: "1" })).toBe("1 interaction");
  expect(screen.t("overview.interactions_count", { count: 1207, value: "1,207" })).toBe("1,207 interactions");
  expect(screen.t("mention.total", { count: 1, value: "1" })).toBe("1 mention");
  expect(screen.t("story.channels", { count: 0, value: "0" })).toBe("0 channels");
  expect(translate("en", "report.sms.interactions", { count: 1, value: "1" })).toBe("1 interaction");
  expect(translate("en", "report.sms.interactions", { count: 2, value: "2" })).toBe("2 interactions");
  expect(instanceFor("vi").t("overview.interactions_count", { count: 1, value: "1" })).toBe("1 tương tác");
  expect(translate("vi", "mention.total", { count: 1, value: "1" })).toBe("1 đề cập");
});

test("every English text that counts something has a singular and a plural form", () => {
  // A number placeholder followed by an English plural noun ("{{value}} mentions", "{{total}} authors").
  const counted = /\{\{(count|value|total|authors|mentions)\}\} (other |near-identical |API )?[a-z]+s\b/;
  const unpluralized = Object.entries(messages.en)
    .filter(([key, text]) => !/_(one|other)$/.test(key) && counted.test(text))
    .map(([key]) => key);
  expect(unpluralized).toEqual([]);
  for (const key of Object.keys(messages.en).filter((k) => k.endsWith("_other") && k !== "project.brand_other")) {
    expect(Object.hasOwn(messages.en, key.replace(/_other$/, "_one")), key).toBe(true);
  }
});
