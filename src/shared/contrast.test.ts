import { expect, test } from "vitest";
import { CHANNELS } from "./channels.ts";
import { contrastRatio, LARGE_TEXT_RATIO, readableOn } from "./contrast.ts";

test("contrast ratios follow WCAG", () => {
  expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
  expect(contrastRatio("#777777", "#777777")).toBe(1);
});

test("every channel colour gets a readable text colour for large text, white where it can", () => {
  for (const channel of CHANNELS)
    expect(contrastRatio(channel.color, readableOn(channel.color)), channel.slug).toBeGreaterThanOrEqual(LARGE_TEXT_RATIO);
  expect(readableOn("#1877F2")).toBe("#ffffff");
  expect(readableOn("#25D0CA")).toBe("#000000");
});
