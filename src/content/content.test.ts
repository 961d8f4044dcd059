import { expect, test } from "vitest";
import { dashboardSample, landingContent } from "./landing.ts";
import { typicalCustomers } from "./typical-customers.ts";

/** Every array and key in the same place, so a page never shows a section in one language only. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
  return typeof value;
}

test("the landing content is valid and has the same shape in Vietnamese and English", () => {
  const vi = landingContent("vi");
  const en = landingContent("en");
  expect(shape(en)).toEqual(shape(vi));
  expect(en.preview.latest_items.map((m) => [m.channel, m.sentiment])).toEqual(
    vi.preview.latest_items.map((m) => [m.channel, m.sentiment]),
  );
});

test("the dashboard sample has one 14-day series per brand", () => {
  expect(dashboardSample().trend.map((series) => series.length)).toEqual([14, 14, 14]);
});

test("typical customers exist in both languages with known industries", () => {
  const vi = typicalCustomers("vi");
  const en = typicalCustomers("en");
  expect(vi.map((c) => c.id)).toEqual(en.map((c) => c.id));
  for (const customer of [...vi, ...en]) expect(customer.industry).not.toBe("");
});
