import { expect, test } from "vitest";
import { channelById } from "../../shared/channels.ts";
import type { CollectedDocument } from "../services/ingest/index.ts";
import { generateDemoDocuments } from "./generate-demo-documents.ts";
import { DEMO_CRISIS, DEMO_REPLIES, DEMO_TEMPLATES, type DemoKind } from "./templates.ts";

const brands = [
  { name: "Sữa Mộc Lan", share: 45 },
  { name: "Đồng Xanh", share: 30 },
  { name: "NutriViệt", share: 25 },
];
const now = new Date("2026-11-21T03:00:00Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

test("deterministic for a seed, spread over every channel and the last 90 days", () => {
  const docs = generateDemoDocuments(brands, 3000, now);
  expect(generateDemoDocuments(brands, 50, now)).toEqual(docs.slice(0, 50));
  expect(new Set(docs.map((d) => d.channel)).size).toBe(15);
  const ages = docs.map((d) => now.getTime() - d.publishedAt.getTime());
  expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
  expect(Math.max(...ages)).toBeLessThanOrEqual(90 * DAY);
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
    const age = (now.getTime() - d.publishedAt.getTime()) / DAY;
    return age >= 10 && age <= 12 && d.content.includes("Sữa Mộc Lan");
  });
  const normalTwoDays = docs.filter((d) => {
    const age = (now.getTime() - d.publishedAt.getTime()) / DAY;
    return age >= 40 && age <= 42 && d.content.includes("Sữa Mộc Lan");
  });
  expect(crisisWindow.length).toBeGreaterThan(normalTwoDays.length * 3);
  expect(docs.some((d) => d.author?.ageRange && d.author.job && d.author.location)).toBe(true);
});

/** What kind of text each channel carries, by the channel's own slug (spec §3). */
function expectedKind(channel: number): DemoKind {
  const slug = channelById(channel)!.slug;
  if (["news", "paper", "tv"].includes(slug)) return "press";
  if (slug === "review-app") return "app_review";
  if (slug === "review-map") return "place_review";
  if (slug === "ecommerce") return "shop_review";
  if (slug === "linkedin") return "professional";
  return "social";
}

const pattern = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{(brand|product|place|topic)\}/g, ".+")}$`);
const moods = Object.entries(DEMO_TEMPLATES).flatMap(([mood, list]) => list.map((template) => ({ mood, template })));
const replies = DEMO_REPLIES.map((template) => ({ mood: "reply", template }));

/** The template a document was written from, read back from its text (a repost's opening line and a hashtag removed). */
function templateOf(doc: CollectedDocument) {
  const text = DEMO_CRISIS.reposts
    .reduce((t, opening) => (t.startsWith(opening) ? t.slice(opening.length) : t), doc.content)
    .replace(/ #\w+$/, "");
  const found = (doc.mentionType === 0 ? moods : replies).find(({ template }) => pattern(template.text).test(text));
  if (!found) throw new Error(`no template for: ${doc.content}`);
  return found;
}

test("each document's text fits its channel: outlets report without a person, people post and comment, reviews are about the app, place or product", () => {
  const docs = generateDemoDocuments(brands, 5000, now);
  const byId = new Map(docs.map((d) => [d.externalId, d]));
  const waits: number[] = [];
  const misfits = docs.filter((doc) => !templateOf(doc).template.kinds.includes(expectedKind(doc.channel)));
  expect(misfits.map((d) => `${channelById(d.channel)!.slug}: ${d.content}`)).toEqual([]);
  for (const doc of docs) {
    expect(doc.author === null, `${doc.source.name}: ${doc.content}`).toBe(expectedKind(doc.channel) === "press");
    if (doc.parentExternalId !== null) {
      const parent = byId.get(doc.parentExternalId)!;
      expect(parent.channel).toBe(doc.channel);
      waits.push(doc.publishedAt.getTime() - parent.publishedAt.getTime());
    }
  }
  // Comments come after their post, most within hours and none later than two days, so a crisis's comments fade with it.
  waits.sort((a, b) => a - b);
  expect(waits[0]).toBeGreaterThanOrEqual(0);
  expect(waits[waits.length >> 1]).toBeLessThan(6 * HOUR);
  expect(waits.at(-1)).toBeLessThanOrEqual(2 * DAY);
  // Every kind of channel is there, the crisis included on the news and on social networks.
  expect(new Set(docs.map((d) => expectedKind(d.channel))).size).toBe(6);
  const crisis = docs.filter((d) => templateOf(d).mood === "crisis");
  expect(new Set(crisis.map((d) => expectedKind(d.channel)))).toEqual(new Set(["press", "social"]));
});

test("hashtags fit the post: none on a crisis is promotional, and a promotion's tag goes only with a discount", () => {
  const docs = generateDemoDocuments(brands, 5000, now);
  const promotional = ["khuyenmai", "giamgia", "sale", "flashsale", "uudai"];
  const crisis = docs.filter((d) => templateOf(d).mood === "crisis");
  expect(crisis.length).toBeGreaterThan(100);
  expect(crisis.flatMap((d) => d.hashtags).filter((tag) => promotional.includes(tag))).toEqual([]);
  const promoted = docs.filter((d) => d.hashtags.some((tag) => promotional.includes(tag)));
  expect(promoted.length).toBeGreaterThan(0);
  expect(promoted.filter((d) => !d.content.includes("giảm giá")).map((d) => d.content)).toEqual([]);
  expect(docs.filter((d) => d.hashtags.length > 0 && expectedKind(d.channel) !== "social").map((d) => d.content)).toEqual([]);
});
