import { channelById } from "../../shared/channels.ts";
import type { CollectedDocument } from "../services/ingest/index.ts";
import { DEMO_AUTHOR_COUNT, demoAuthor } from "./demo-authors.ts";
import {
  CHANNEL_KIND,
  DEMO_CRISIS,
  DEMO_HASHTAGS,
  DEMO_PLACES,
  DEMO_PRODUCTS,
  DEMO_REPLIES,
  DEMO_STARS,
  DEMO_TEMPLATES,
  DEMO_TOPICS,
  type DemoMood,
  hasPersonAuthor,
  REVIEW_KINDS,
} from "./templates.ts";
import { seededRandom } from "../../shared/seeded-random.ts";

type DemoBrand = { name: string; share: number };

const DAY = 86_400_000;
const COMMENT_WAIT_MEAN = 3 * 3_600_000;
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
/** A crisis is reported by outlets and spread by people; nobody reviews an app or a shop about it. */
const CRISIS_MIX = CHANNEL_MIX.filter(([channel]) => ["press", "social"].includes(CHANNEL_KIND[channel]));
/**
 * The author of a post on a channel: each demo author lives on one channel (n ≡ channel mod 15), and a few regulars
 * post often while most people post once or twice, as in any community.
 */
const regularAuthor = (channel: number, roll: number) => channel + 15 * Math.floor(((DEMO_AUTHOR_COUNT - 15) / 15) * roll ** 3);

/** A recent post on the same channel to comment on; null when there is none. */
/** A post drawn lately on the channel, of the crisis when the reply is (so a crisis reply never predates the crisis). */
function recentPost(
  docs: CollectedDocument[],
  channel: number,
  pick: <T>(items: readonly T[]) => T,
  crisisPosts: ReadonlySet<CollectedDocument> | null,
): CollectedDocument | null {
  const recent = docs.slice(-40).filter((d) => d.channel === channel && d.mentionType === 0 && (crisisPosts?.has(d) ?? true));
  return recent.length > 0 ? pick(recent) : null;
}

function weighted<T>(random: () => number, items: [T, number][]): T {
  const total = items.reduce((sum, [, w]) => sum + w, 0);
  let roll = random() * total;
  for (const [item, weight] of items) if ((roll -= weight) < 0) return item;
  return items[items.length - 1][0];
}

/**
 * Realistic Vietnamese mentions of fictional brands over the last `days` days: all 15 channels, each with texts of its
 * kind (outlets report, people post and comment, reviews are about the app, the place or the product), heavy-tailed
 * interactions, authors with age, job and province, hashtags that fit the post, replies under posts of their channel,
 * and a negative spike (a crisis) for the first brand between 12 and 10 days ago. Deterministic for a seed and `now`.
 */
export function generateDemoDocuments(brands: DemoBrand[], count: number, now: Date, seed = 2026, days = 90): CollectedDocument[] {
  const rnd = seededRandom(seed);
  const docs: CollectedDocument[] = [];
  const crisisStart = now.getTime() - 12 * DAY;
  const crisisDocs = new Set<CollectedDocument>();
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
      (inCrisis ? CRISIS_MIX : CHANNEL_MIX).map((c) => [c, c[1]]),
    );
    const kind = CHANNEL_KIND[channel];
    const mood: DemoMood = inCrisis
      ? "crisis"
      : weighted(rnd.next, [
          ["positive", 40],
          ["neutral", 40],
          ["negative", 20],
        ] as [DemoMood, number][]);
    const parent = kind === "social" && rnd.next() < 0.12 ? recentPost(docs, channel, rnd.pick, inCrisis ? crisisDocs : null) : null;
    const posted = inCrisis ? crisisStart + rnd.next() * 2 * DAY : now.getTime() - rnd.next() * days * DAY;
    // A comment comes after its post, most within hours (an exponential wait), never more than two days later: a crisis's
    // comments then fade with it instead of raising a second wave a day after it calmed.
    const published = parent
      ? parent.publishedAt.getTime() +
        Math.min(-Math.log(1 - rnd.next()) * COMMENT_WAIT_MEAN, 2 * DAY, now.getTime() - parent.publishedAt.getTime())
      : posted;
    const fill = (template: string) => {
      // Drawn in a crisis too, so every later draw stays the same.
      const [product, place, topic] = [rnd.pick(DEMO_PRODUCTS), rnd.pick(DEMO_PLACES), rnd.pick(DEMO_TOPICS)];
      return template
        .replaceAll("{brand}", brand.name)
        .replaceAll("{product}", inCrisis ? DEMO_CRISIS.product : product)
        .replaceAll("{place}", inCrisis ? DEMO_CRISIS.place : place)
        .replaceAll("{topic}", topic);
    };
    const template = rnd.pick(parent ? DEMO_REPLIES : DEMO_TEMPLATES[mood].filter((t) => t.kinds.includes(kind)));
    const filled = fill(template.text);
    const repost = inCrisis && !parent && kind === "social" && i % 4 === 1;
    const content = repost ? DEMO_CRISIS.reposts[i % DEMO_CRISIS.reposts.length] + filled : filled;
    const hashtags = kind === "social" && !parent && rnd.next() < 0.3 ? [rnd.pick(template.hashtags ?? DEMO_HASHTAGS[mood])] : [];
    const likes = rnd.pareto(scale);
    const [fewest, most] = DEMO_STARS[mood];
    // A fixed number of stars draws nothing, so the documents after it stay the same.
    const rating = REVIEW_KINDS.has(kind) ? (fewest === most ? fewest : rnd.int(fewest, most)) : null;
    docs.push({
      channel,
      platform: channelById(channel)!.slug,
      externalId: `demo-${seed}-${i}`,
      // An identifier, not a web address: a sample has no original to open.
      url: `urn:nghe:demo:${channel}:${seed}-${i}`,
      mentionType: parent ? (rnd.next() < 0.6 ? 1 : 2) : 0,
      parentExternalId: parent?.externalId ?? null,
      title: kind === "press" ? content.split(",")[0] : null,
      content: hashtags.length > 0 ? `${content} #${hashtags[0]}` : content,
      publishedAt: new Date(published),
      source: { id: null, name: rnd.pick(SOURCES[channel]), url: null },
      author: hasPersonAuthor(kind) ? demoAuthor(regularAuthor(channel, rnd.next())) : null,
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
    if (inCrisis) crisisDocs.add(docs[docs.length - 1]);
  }
  return docs;
}
