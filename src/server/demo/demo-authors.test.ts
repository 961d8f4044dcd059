import { expect, test } from "vitest";
import { PROVINCES } from "../../shared/provinces.ts";
import { detectProvince } from "../nlp/province.ts";
import { generateDemoDocuments } from "./generate-demo-documents.ts";

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
