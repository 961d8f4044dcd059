import type { Kysely } from "kysely";
import {
  AGE_RANGES,
  JOB_CATEGORIES,
  type AgeBreakdown,
  type AgeByProjectRow,
  type AgeRange,
  type AudienceAgeByChannel,
  type AudienceAgeByProject,
  type AudienceByArea,
  type AudienceByJob,
  type AudienceByProvince,
  type AudienceCount,
  type AudienceStats,
  type JobCategory,
} from "../../../shared/audience.ts";
import { provinceByCode, REGIONS, type ProvinceCode } from "../../../shared/provinces.ts";
import type { Database } from "../../db/schema.ts";
import { countMentions } from "../mention-query/index.ts";
import type { AudienceFilters } from "./audience-filters.ts";
import { tallies, type Dim, type Tally } from "./audience-tallies.ts";

type Figure<T> = (db: Kysely<Database>, filters: AudienceFilters) => Promise<Omit<T, "sample">>;

const of = (rows: Tally[], dim: Dim) => rows.filter((r) => r.dim === dim);
const sum = (rows: Tally[], field: "authors" | "mentions" | "interactions" | "followers" | "followers_known") =>
  rows.reduce((total, r) => total + r[field], 0);
const flagged = (rows: Tally[], dim: Dim) =>
  sum(
    of(rows, dim).filter((r) => r.value === "1"),
    "authors",
  );
const known = (rows: Tally[], dim: Dim) =>
  sum(
    of(rows, dim).filter((r) => r.value !== ""),
    "authors",
  );

/** Unique authors, their mentions, new (first mention of the project in the period) and returning, and what is known of them. */
export const countAuthors: Figure<AudienceCount> = async (db, filters) => {
  const rows = await tallies(db, filters, "none", ["all", "new", "age", "job", "province"]);
  const all = of(rows, "all");
  const authors = sum(all, "authors");
  return {
    authors,
    mentions: sum(all, "mentions"),
    new_authors: flagged(rows, "new"),
    returning_authors: authors - flagged(rows, "new"),
    known_age: known(rows, "age"),
    known_job: known(rows, "job"),
    known_province: known(rows, "province"),
  };
};

/** Authors, mentions, interactions, potential reach, authors by sentiment and by channel. */
export const audienceStats: Figure<AudienceStats> = async (db, filters) => {
  const [rows, channels] = await Promise.all([
    tallies(db, filters, "none", ["all", "positive", "neutral", "negative"]),
    tallies(db, filters, "channel", ["all"]),
  ]);
  const all = of(rows, "all");
  return {
    authors: sum(all, "authors"),
    mentions: sum(all, "mentions"),
    interactions: sum(all, "interactions"),
    potential_reach: sum(all, "followers"),
    known_followers: sum(all, "followers_known"),
    authors_by_sentiment: { positive: flagged(rows, "positive"), neutral: flagged(rows, "neutral"), negative: flagged(rows, "negative") },
    channels: channels
      .map((c) => ({ channel_id: c.key, authors: c.authors, mentions: c.mentions }))
      .sort((a, b) => b.authors - a.authors || a.channel_id - b.channel_id),
  };
};

/** Authors and their mentions per province (2025 provinces), most authors first. */
async function provinceTallies(db: Kysely<Database>, filters: AudienceFilters) {
  const rows = await tallies(db, filters, "none", ["province"]);
  const provinces = rows.filter((r) => provinceByCode(r.value));
  return {
    authors: sum(rows, "authors"),
    unknown: sum(rows, "authors") - sum(provinces, "authors"),
    provinces: provinces
      .map((r) => ({ code: r.value as ProvinceCode, authors: r.authors, mentions: r.mentions }))
      .sort((a, b) => b.authors - a.authors || b.mentions - a.mentions || a.code.localeCompare(b.code)),
  };
}

/** The provinces' authors and mentions, each with the mentions the list holds for its authors, which it links to. */
export const authorsByProvince: Figure<AudienceByProvince> = async (db, filters) => {
  const { provinces, ...totals } = await provinceTallies(db, filters);
  // The sample's authors wrote none of the customer's mentions: nothing to list.
  const listed = filters.sample
    ? null
    : await Promise.all(provinces.map((p) => countMentions(db, { ...filters.mentions, province: p.code })));
  return { ...totals, provinces: provinces.map((p, i) => ({ ...p, listed_mentions: listed?.[i] ?? null })) };
};

/** North, Central and South: the provinces' authors summed (an author has one province, so nobody counts twice). */
export const authorsByArea: Figure<AudienceByArea> = async (db, filters) => {
  const { authors, unknown, provinces } = await provinceTallies(db, filters);
  return {
    authors,
    unknown,
    areas: REGIONS.map((area) => {
      const inArea = provinces.filter((p) => provinceByCode(p.code)!.region === area);
      return {
        area,
        authors: inArea.reduce((total, p) => total + p.authors, 0),
        mentions: inArea.reduce((total, p) => total + p.mentions, 0),
      };
    }),
  };
};

/** Authors per job category, every category listed. */
export const authorsByJob: Figure<AudienceByJob> = async (db, filters) => {
  const rows = await tallies(db, filters, "none", ["job"]);
  const count = new Map<JobCategory, number>();
  for (const row of rows) {
    const job = JOB_CATEGORIES.includes(row.value as JobCategory) ? (row.value as JobCategory) : "unknown";
    count.set(job, (count.get(job) ?? 0) + row.authors);
  }
  return { authors: sum(rows, "authors"), jobs: JOB_CATEGORIES.map((job) => ({ job, authors: count.get(job) ?? 0 })) };
};

function ageBreakdown(rows: Tally[]): AgeBreakdown {
  const ages = Object.fromEntries(AGE_RANGES.map((age) => [age, 0])) as Record<AgeRange, number>;
  let unknown = 0;
  for (const row of rows) {
    if (AGE_RANGES.includes(row.value as AgeRange)) ages[row.value as AgeRange] += row.authors;
    else unknown += row.authors;
  }
  return { authors: sum(rows, "authors"), unknown, ages };
}

/** Authors per age range in each channel (an author active in two channels counts in both). */
export const agesByChannel: Figure<AudienceAgeByChannel> = async (db, filters) => {
  const rows = await tallies(db, filters, "channel", ["age"]);
  const channels = [...new Set(rows.map((r) => r.key))];
  return {
    channels: channels
      .map((channel_id) => ({ channel_id, ...ageBreakdown(rows.filter((r) => r.key === channel_id)) }))
      .sort((a, b) => b.authors - a.authors || a.channel_id - b.channel_id),
  };
};

const sampleBrand = (index: number) => String.fromCharCode("A".charCodeAt(0) + index);

/** Authors per age range for each project asked for (the brand and its competitors by default), or each sample brand. */
export const agesByProject: Figure<AudienceAgeByProject> = async (db, filters) => {
  const rows = await tallies(db, filters, "project", ["age"]);
  return {
    projects: filters.projectIds.map((project_id, i): AgeByProjectRow => {
      const ages = ageBreakdown(rows.filter((r) => r.key === project_id));
      return filters.sample ? { project_id: null, sample_brand: sampleBrand(i), ...ages } : { project_id, sample_brand: null, ...ages };
    }),
  };
};
