import type { ProvinceCode, Region } from "./provinces.ts";

/** Age ranges a profile can carry (ingest API `author.age_range`), youngest first. */
export const AGE_RANGES = ["13-17", "18-24", "25-34", "35-44", "45-54", "55+"] as const;
export type AgeRange = (typeof AGE_RANGES)[number];

/**
 * Job categories an author's free-text job is sorted into (server/nlp/job.ts; the raw text is kept too). `other`: a job
 * was given but fits no category; `unknown`: none was given.
 */
export const JOB_CATEGORIES = [
  "student",
  "office_worker",
  "business_owner",
  "teacher",
  "healthcare",
  "engineer_it",
  "worker",
  "farmer",
  "homemaker",
  "creator",
  "freelancer",
  "civil_servant",
  "retired",
  "other",
  "unknown",
] as const;
export type JobCategory = (typeof JOB_CATEGORIES)[number];

/** How the top authors are ranked. */
export const TOP_AUTHOR_SORTS = ["mentions", "interactions", "followers"] as const;
export type TopAuthorSort = (typeof TOP_AUTHOR_SORTS)[number];
export const MAX_TOP_AUTHORS = 50;

/**
 * Every audience answer says whether it is the generated sample a trial account sees (spec §1) or the project's own
 * authors. Counts are distinct authors of the project's mentions in the period; `unknown` is how many of them lack the
 * attribute a widget groups by.
 */
type Answer<T> = { sample: boolean } & T;

export type AudienceCount = Answer<{
  authors: number;
  mentions: number;
  /** First mention of the project (any channel) in the period. */
  new_authors: number;
  returning_authors: number;
  known_age: number;
  known_job: number;
  known_province: number;
}>;

export type AudienceStats = Answer<{
  authors: number;
  mentions: number;
  interactions: number;
  /** Sum of the followers of the authors whose follower count is known ("potential reach"). */
  potential_reach: number;
  known_followers: number;
  /** Authors with at least one mention of each sentiment. */
  authors_by_sentiment: { positive: number; neutral: number; negative: number };
  channels: { channel_id: number; authors: number; mentions: number }[];
}>;

export type AudienceByProvince = Answer<{
  authors: number;
  unknown: number;
  /**
   * Provinces with at least one author, most authors first; `listed_mentions`: the mentions the mention list holds for
   * the province's authors in the period, which it links to (null for the sample).
   */
  provinces: { code: ProvinceCode; authors: number; mentions: number; listed_mentions: number | null }[];
}>;

export type AudienceByArea = Answer<{
  authors: number;
  unknown: number;
  areas: { area: Region; authors: number; mentions: number }[];
}>;

export type AudienceByJob = Answer<{
  authors: number;
  /** Every category, `unknown` included, in the order of JOB_CATEGORIES. */
  jobs: { job: JobCategory; authors: number }[];
}>;

/** Authors per age range; `unknown` holds those without one. */
export type AgeBreakdown = { authors: number; unknown: number; ages: Record<AgeRange, number> };

export type AudienceAgeByChannel = Answer<{ channels: (AgeBreakdown & { channel_id: number })[] }>;
/**
 * One of the projects asked for; in the sample, a sample brand ("A", "B"… in the order asked) instead, so invented figures
 * are never drawn as the customer's own brand or competitors.
 */
export type AgeByProjectRow = AgeBreakdown & ({ project_id: number; sample_brand: null } | { project_id: null; sample_brand: string });
export type AudienceAgeByProject = Answer<{ projects: AgeByProjectRow[] }>;

export type TopAuthor = {
  id: number;
  name: string | null;
  url: string | null;
  platform: string;
  /** The channel of most of the author's mentions in the period. */
  channel_id: number;
  followers: number | null;
  province: ProvinceCode | null;
  mentions: number;
  /** The mentions the mention list holds for the author in the period, which it links to; null for the sample. */
  listed_mentions: number | null;
  interactions: number;
  sentiment: { positive: number; neutral: number; negative: number };
};

export type AudienceTopAuthors = Answer<{ sort: TopAuthorSort; authors: TopAuthor[] }>;
