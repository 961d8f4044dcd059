import { expect, test } from "vitest";
import { generateDemoDocuments } from "./generate-demo-documents.ts";

const brands = [
  { name: "Sữa Mộc Lan", share: 45 },
  { name: "Đồng Xanh", share: 30 },
  { name: "NutriViệt", share: 25 },
];
const now = new Date("2026-11-21T03:00:00Z");

test("deterministic for a seed, spread over every channel and the last 90 days", () => {
  const docs = generateDemoDocuments(brands, 3000, now);
  expect(generateDemoDocuments(brands, 50, now)).toEqual(docs.slice(0, 50));
  expect(new Set(docs.map((d) => d.channel)).size).toBe(15);
  const ages = docs.map((d) => now.getTime() - d.publishedAt.getTime());
  expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
  expect(Math.max(...ages)).toBeLessThanOrEqual(90 * 86_400_000);
  expect(new Set(docs.map((d) => d.externalId)).size).toBe(3000);
});

test("heavy-tailed interactions, replies with parents, reviews with ratings, a crisis for the first brand", () => {
  const docs = generateDemoDocuments(brands, 5000, now);
  const likes = docs.map((d) => d.metrics.likes).sort((a, b) => a - b);
  expect(likes[Math.floor(likes.length / 2)]).toBeLessThan(likes[likes.length - 1] / 20);
  const replies = docs.filter((d) => d.mentionType !== 0);
  expect(replies.length).toBeGreaterThan(100);
  expect(replies.every((r) => r.parentExternalId !== null)).toBe(true);
  expect(docs.filter((d) => d.channel === 8).every((d) => d.rating !== null && d.rating >= 1 && d.rating <= 5)).toBe(true);
  const crisisWindow = docs.filter((d) => {
    const age = (now.getTime() - d.publishedAt.getTime()) / 86_400_000;
    return age >= 10 && age <= 12 && d.content.includes("Sữa Mộc Lan");
  });
  const normalTwoDays = docs.filter((d) => {
    const age = (now.getTime() - d.publishedAt.getTime()) / 86_400_000;
    return age >= 40 && age <= 42 && d.content.includes("Sữa Mộc Lan");
  });
  expect(crisisWindow.length).toBeGreaterThan(normalTwoDays.length * 3);
  expect(docs.some((d) => d.author?.ageRange && d.author.job && d.author.location)).toBe(true);
});
