import type { AgeRange, JobCategory } from "../../../shared/audience.ts";
import { channelById } from "../../../shared/channels.ts";
import { jobCategory } from "../../nlp/job.ts";
import { detectProvince } from "../../nlp/province.ts";
import { generatePeople } from "./sample-people.ts";
import { seededRandom } from "../../../shared/seeded-random.ts";

/**
 * The sample audience trial accounts see instead of their own (spec §1): a fixed pool of fictional authors and, for
 * each project and month, which of them "talked" and how much. Deterministic, so it never changes under a user's eyes.
 */
export const SAMPLE_AUTHOR_COUNT = 1500;

type SampleAuthor = {
  key: string;
  channel: number;
  platform: string;
  name: string;
  followers: number | null;
  ageRange: AgeRange | null;
  job: string | null;
  jobCategory: JobCategory | null;
  location: string | null;
  province: string | null;
};

type SampleRow = {
  author: number;
  channel: number;
  mentions: number;
  positive: number;
  neutral: number;
  negative: number;
  interactions: number;
  monthsSinceFirst: number;
};

// Where authors (not articles) speak: social networks, reviews and shops.
const CHANNEL_MIX: [channel: number, weight: number][] = [
  [1, 40],
  [7, 18],
  [5, 10],
  [9, 7],
  [15, 3],
  [6, 2],
  [11, 4],
  [13, 4],
  [8, 3],
  [10, 3],
  [14, 6],
];

function weightedChannel(next: () => number): number {
  let roll = next() * CHANNEL_MIX.reduce((sum, [, w]) => sum + w, 0);
  for (const [channel, weight] of CHANNEL_MIX) if ((roll -= weight) < 0) return channel;
  return CHANNEL_MIX[0][0];
}

let pool: SampleAuthor[] | null = null;

/** The fictional authors, with their location and job resolved as the pipeline resolves real ones. */
export function sampleAuthors(): SampleAuthor[] {
  if (pool) return pool;
  const rnd = seededRandom(7001);
  pool = generatePeople(SAMPLE_AUTHOR_COUNT, 7002).map((person, i) => {
    const channel = weightedChannel(rnd.next);
    return {
      key: `sample:${i + 1}`,
      channel,
      platform: channelById(channel)!.slug,
      name: person.name,
      followers: person.followers,
      ageRange: person.ageRange,
      job: person.job,
      jobCategory: jobCategory(person.job),
      location: person.location,
      province: person.location ? (detectProvince(person.location, { mode: "location" })?.code ?? null) : null,
    };
  });
  return pool;
}

/** Which sample authors (indexes into sampleAuthors()) spoke of a project in a month, and how. */
export function sampleAudience(projectId: number, month: Date): SampleRow[] {
  const rnd = seededRandom(projectId * 7919 + month.getUTCFullYear() * 12 + month.getUTCMonth());
  const order = Array.from({ length: SAMPLE_AUTHOR_COUNT }, (_, i) => i);
  const size = 350 + rnd.int(0, 450);
  for (let i = 0; i < size; i += 1) {
    const j = rnd.int(i, SAMPLE_AUTHOR_COUNT - 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  const authors = sampleAuthors();
  return order.slice(0, size).map((author) => {
    const mentions = Math.min(40, 1 + rnd.pareto(1.5));
    let positive = 0;
    let negative = 0;
    for (let m = 0; m < mentions; m += 1) {
      const roll = rnd.next();
      if (roll < 0.45) positive += 1;
      else if (roll > 0.85) negative += 1;
    }
    return {
      author,
      channel: authors[author].channel,
      mentions,
      positive,
      neutral: mentions - positive - negative,
      negative,
      interactions: mentions * rnd.pareto(25),
      monthsSinceFirst: rnd.next() < 0.6 ? 0 : rnd.int(1, 6),
    };
  });
}
