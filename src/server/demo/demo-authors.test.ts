import { expect, test } from "vitest";
import { PROVINCES } from "../../shared/provinces.ts";
import { detectProvince } from "../nlp/province.ts";
import { generateDemoDocuments } from "./generate-demo-documents.ts";
import { sampleAudience, sampleAuthors } from "./sample-audience.ts";

const now = new Date("2026-11-21T03:00:00Z");
const brands = [
  { name: "Sữa Mộc Lan", share: 45 },
  { name: "Đồng Xanh", share: 30 },
];

test("a demo author keeps one profile on every post, and profiles cover every province with some gaps", () => {
  const docs = generateDemoDocuments(brands, 5000, now).filter((d) => d.author);
  const byId = new Map<string, string>();
  for (const { author } of docs) {
    const profile = JSON.stringify(author);
    expect(byId.get(author!.id!) ?? profile).toBe(profile);
    byId.set(author!.id!, profile);
  }
  expect(byId.size).toBeGreaterThan(1000);
  const authors = [...byId.values()].map((p) => JSON.parse(p) as NonNullable<(typeof docs)[number]["author"]>);
  const provinces = new Set(authors.map((a) => a.location && detectProvince(a.location, { mode: "location" })?.code).filter(Boolean));
  expect(provinces.size).toBe(PROVINCES.length);
  for (const field of ["ageRange", "job", "location"] as const) {
    const known = authors.filter((a) => a[field]).length;
    expect(known, field).toBeGreaterThan(authors.length * 0.5);
    expect(known, field).toBeLessThan(authors.length);
  }
});

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
