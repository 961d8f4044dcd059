import { type } from "arktype";
import { keyed } from "./api-types.ts";
import { PROVINCES, REGIONS } from "./provinces.ts";

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

const provinceCode = type.enumerated(...PROVINCES.map((province) => province.code));

/**
 * Every audience answer says whether it is the generated sample a trial account sees (spec §1) or the project's own
 * authors. Counts are distinct authors of the project's mentions in the period; `unknown` is how many of them lack the
 * attribute a widget groups by.
 */
const answer = { sample: "boolean" } as const;

export const AudienceCountSchema = type({
  ...answer,
  authors: "number",
  mentions: "number",
  new_authors: type("number").describe("first mention of the project (any channel) in the period"),
  returning_authors: "number",
  known_age: "number",
  known_job: "number",
  known_province: "number",
});
export type AudienceCount = typeof AudienceCountSchema.infer;

export const AudienceStatsSchema = type({
  ...answer,
  authors: "number",
  mentions: "number",
  interactions: "number",
  potential_reach: type("number").describe('sum of the followers of the authors whose follower count is known ("potential reach")'),
  known_followers: "number",
  authors_by_sentiment: type({ positive: "number", neutral: "number", negative: "number" }).describe(
    "authors with at least one mention of each sentiment",
  ),
  channels: type({ channel_id: "number", authors: "number", mentions: "number" }).array(),
});
export type AudienceStats = typeof AudienceStatsSchema.infer;

export const AudienceByProvinceSchema = type({
  ...answer,
  authors: "number",
  unknown: "number",
  provinces: type({ code: provinceCode, authors: "number", mentions: "number", listed_mentions: "number | null" })
    .array()
    .describe(
      "provinces with at least one author, most authors first; `listed_mentions`: the mentions the mention list holds for the province's authors in the period, which it links to (null for the sample)",
    ),
});
export type AudienceByProvince = typeof AudienceByProvinceSchema.infer;

export const AudienceByAreaSchema = type({
  ...answer,
  authors: "number",
  unknown: "number",
  areas: type({ area: type.enumerated(...REGIONS), authors: "number", mentions: "number" }).array(),
});
export type AudienceByArea = typeof AudienceByAreaSchema.infer;

export const AudienceByJobSchema = type({
  ...answer,
  authors: "number",
  jobs: type({ job: type.enumerated(...JOB_CATEGORIES), authors: "number" })
    .array()
    .describe("every category, `unknown` included, in the order of JOB_CATEGORIES"),
});
export type AudienceByJob = typeof AudienceByJobSchema.infer;

/** Authors per age range; `unknown` holds those without one. */
const AgeBreakdownSchema = type({ authors: "number", unknown: "number", ages: keyed(AGE_RANGES, type("number")) });
export type AgeBreakdown = typeof AgeBreakdownSchema.infer;

export const AudienceAgeByChannelSchema = type({ ...answer, channels: AgeBreakdownSchema.and({ channel_id: "number" }).array() });
export type AudienceAgeByChannel = typeof AudienceAgeByChannelSchema.infer;
/**
 * One of the projects asked for; in the sample, a sample brand ("A", "B"… in the order asked) instead, so invented figures
 * are never drawn as the customer's own brand or competitors.
 */
const AgeByProjectRowSchema = AgeBreakdownSchema.and(
  type({ project_id: "number", sample_brand: "null" }).or({ project_id: "null", sample_brand: "string" }),
);
export type AgeByProjectRow = typeof AgeByProjectRowSchema.infer;
export const AudienceAgeByProjectSchema = type({ ...answer, projects: AgeByProjectRowSchema.array() });
export type AudienceAgeByProject = typeof AudienceAgeByProjectSchema.infer;

const TopAuthorSchema = type({
  id: "number",
  name: "string | null",
  url: "string | null",
  platform: "string",
  channel_id: type("number").describe("the channel of most of the author's mentions in the period"),
  followers: "number | null",
  province: provinceCode.or("null"),
  mentions: "number",
  listed_mentions: type("number | null").describe(
    "the mentions the mention list holds for the author in the period, which it links to; null for the sample",
  ),
  interactions: "number",
  sentiment: { positive: "number", neutral: "number", negative: "number" },
});
export type TopAuthor = typeof TopAuthorSchema.infer;

export const AudienceTopAuthorsSchema = type({ ...answer, sort: type.enumerated(...TOP_AUTHOR_SORTS), authors: TopAuthorSchema.array() });
export type AudienceTopAuthors = typeof AudienceTopAuthorsSchema.infer;
