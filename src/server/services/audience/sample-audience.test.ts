import { expect, test } from "vitest";
import { sampleAudience, sampleAuthors } from "./sample-audience.ts";

test("the sample audience is the same for a project and month, and differs between months", () => {
  const november = new Date("2026-10-31T17:00:00Z");
  const october = new Date("2026-09-30T17:00:00Z");
  expect(sampleAudience(7, november)).toEqual(sampleAudience(7, november));
  expect(sampleAudience(7, october)).not.toEqual(sampleAudience(7, november));
  const rows = sampleAudience(7, november);
  expect(new Set(rows.map((r) => r.author)).size).toBe(rows.length);
  expect(rows.every((r) => r.positive + r.neutral + r.negative === r.mentions && r.channel === sampleAuthors()[r.author].channel)).toBe(
    true,
  );
  expect(new Set(sampleAuthors().map((a) => a.province)).size).toBeGreaterThan(30);
});
