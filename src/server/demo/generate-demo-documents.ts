import { channelById } from "../../shared/channels.ts";
import type { CollectedDocument } from "../collectors/types.ts";
import { DEMO_AUTHOR_COUNT, demoAuthor } from "./demo-authors.ts";
import { DEMO_CRISIS, DEMO_HASHTAGS, DEMO_PLACES, DEMO_PRODUCTS, DEMO_TEMPLATES, DEMO_TOPICS } from "./templates.ts";
import { seededRandom } from "./random.ts";

export type DemoBrand = { name: string; share: number };

const DAY = 86_400_000;
// Channel id → share of the volume and the interaction scale of a typical post there.
const CHANNEL_MIX: [channel: number, weight: number, scale: number][] = [
  [1, 30, 40],
  [2, 12, 5],
  [3, 3, 0],
  [4, 2, 0],
  [5, 8, 120],
  [6, 3, 10],
  [7, 12, 200],
  [8, 4, 0],
  [9, 5, 60],
  [10, 4, 0],
  [11, 3, 5],
  [12, 1, 8],
  [13, 4, 5],
  [14, 7, 3],
  [15, 2, 15],
];
const SOURCES: Record<number, string[]> = {
  1: ["Hội Mẹ Bỉm Sữa", "Review Đồ Cho Bé", "Góc Tiêu Dùng Thông Minh"],
  2: ["VnExpress", "Tuổi Trẻ", "Thanh Niên", "Dân Trí", "CafeF"],
  3: ["Báo Tuổi Trẻ (bản in)", "Báo Người Lao Động"],
  4: ["VTV1", "HTV7"],
  5: ["Kênh Mẹ Và Bé", "Review Tiêu Dùng"],
  6: ["@tieudungvn"],
  7: ["@mebimreview", "@anvatvn"],
  8: ["App Store"],
  9: ["@hanoifoodie"],
  10: ["Google Maps"],
  11: ["Zalo OA Tiêu Dùng"],
  12: ["LinkedIn Vietnam FMCG"],
  13: ["Nhóm Zalo Mẹ Bầu"],
  14: ["Shopee", "TikTok Shop"],
  15: ["@threads.tieudung"],
};
const NEWS_LIKE = new Set([2, 3, 4]);
/**
 * The author of a post on a channel: each demo author lives on one channel (n ≡ channel mod 15), and a few regulars
 * post often while most people post once or twice, as in any community.
 */
const regularAuthor = (channel: number, roll: number) => channel + 15 * Math.floor(((DEMO_AUTHOR_COUNT - 15) / 15) * roll ** 3);
const REVIEW_LIKE = new Set([8, 10, 14]);

function weighted<T>(random: () => number, items: [T, number][]): T {
  const total = items.reduce((sum, [, w]) => sum + w, 0);
  let roll = random() * total;
  for (const [item, weight] of items) if ((roll -= weight) < 0) return item;
  return items[items.length - 1][0];
}

/**
 * Realistic Vietnamese mentions of fictional brands over the last `days` days: all 15 channels, heavy-tailed
 * interactions, authors with age, job and province, hashtags, replies, and a negative spike (a crisis) for the first
 * brand between 12 and 10 days ago. Deterministic for a seed and `now`.
 */
export function generateDemoDocuments(brands: DemoBrand[], count: number, now: Date, seed = 2026, days = 90): CollectedDocument[] {
  const rnd = seededRandom(seed);
  const docs: CollectedDocument[] = [];
  const crisisStart = now.getTime() - 12 * DAY;
  for (let i = 0; i < count; i += 1) {
    const inCrisis = rnd.next() < 0.06;
    const brand = inCrisis
      ? brands[0]
      : weighted(
          rnd.next,
          brands.map((b) => [b, b.share]),
        );
    const [channel, , scale] = weighted(
      rnd.next,
      CHANNEL_MIX.map((c) => [c, c[1]]),
    );
    const published = inCrisis ? crisisStart + rnd.next() * 2 * DAY : now.getTime() - rnd.next() * days * DAY;
    const mood = inCrisis
      ? "crisis"
      : weighted(rnd.next, [
          ["positive", 40],
          ["neutral", 40],
          ["negative", 20],
        ] as [keyof typeof DEMO_TEMPLATES, number][]);
    const isReply = !NEWS_LIKE.has(channel) && !REVIEW_LIKE.has(channel) && docs.length > 0 && rnd.next() < 0.12;
    const fill = (template: string) => {
      // Drawn in a crisis too, so every later draw stays the same.
      const [product, place, topic] = [rnd.pick(DEMO_PRODUCTS), rnd.pick(DEMO_PLACES), rnd.pick(DEMO_TOPICS)];
      return template
        .replaceAll("{brand}", brand.name)
        .replaceAll("{product}", inCrisis ? DEMO_CRISIS.product : product)
        .replaceAll("{place}", inCrisis ? DEMO_CRISIS.place : place)
        .replaceAll("{topic}", topic);
    };
    const filled = fill(rnd.pick(isReply ? DEMO_TEMPLATES.replies : DEMO_TEMPLATES[mood]));
    const content = inCrisis && !isReply && i % 4 === 1 ? DEMO_CRISIS.reposts[i % DEMO_CRISIS.reposts.length] + filled : filled;
    const hashtags = !NEWS_LIKE.has(channel) && rnd.next() < 0.3 ? [rnd.pick(DEMO_HASHTAGS)] : [];
    const likes = rnd.pareto(scale);
    const rating = REVIEW_LIKE.has(channel) ? (mood === "positive" ? rnd.int(4, 5) : mood === "neutral" ? 3 : rnd.int(1, 2)) : null;
    const parent = isReply ? docs[docs.length - 1 - rnd.int(0, Math.min(20, docs.length - 1))] : null;
    docs.push({
      channel,
      platform: channelById(channel)!.slug,
      externalId: `demo-${seed}-${i}`,
      // An identifier, not a web address: a sample has no original to open.
      url: `urn:nghe:demo:${channel}:${seed}-${i}`,
      mentionType: isReply ? (rnd.next() < 0.6 ? 1 : 2) : 0,
      parentExternalId: parent?.externalId ?? null,
      title: NEWS_LIKE.has(channel) ? content.split(",")[0] : null,
      content: hashtags.length > 0 ? `${content} #${hashtags[0]}` : content,
      publishedAt: new Date(published),
      source: { id: null, name: rnd.pick(SOURCES[channel]), url: null },
      author: NEWS_LIKE.has(channel) ? null : demoAuthor(regularAuthor(channel, rnd.next())),
      metrics: {
        likes,
        shares: Math.floor(likes * rnd.next() * 0.3),
        comments: Math.floor(likes * rnd.next() * 0.4),
        views: channel === 5 || channel === 7 ? likes * rnd.int(10, 40) : 0,
      },
      rating,
      ecommerceSource: channel === 14 ? (rnd.next() < 0.6 ? 1 : 2) : null,
      hashtags,
    });
  }
  return docs;
}
