import { AGE_RANGES, type AgeRange, type JobCategory } from "../../../shared/audience.ts";
import { nfc } from "../../../shared/vietnamese.ts";
import type { CollectedDocument } from "./collected-document.ts";
import { jobCategory } from "../../nlp/job.ts";

/** What one document says about its author, keyed by who the author is on its platform. */
export type AuthorProfile = {
  platform: string;
  key: string;
  externalId: string | null;
  name: string | null;
  url: string | null;
  followers: number | null;
  ageRange: AgeRange | null;
  job: string | null;
  jobCategory: JobCategory | null;
  location: string | null;
  province: string | null;
  /** The document's publication time: the newest document's profile wins. */
  at: Date;
};

const clean = (text: string | null | undefined) => (text ? nfc(text).trim() || null : null);

// Migration 0014 computed the keys of the authors already stored with the same rules in SQL: change both or neither.
const PROFILE_URL = /^https?:\/\/(?:www\.|m\.)?([^/?#]+)([^?#]*)(\?[^#]*)?/i;

/** A profile link without scheme, "www."/"m.", fragment and trailing slashes; the path keeps its case (YouTube ids). */
export function profileUrlKey(url: string): string | null {
  const parts = PROFILE_URL.exec(url);
  return parts ? parts[1].toLowerCase() + parts[2].replace(/\/+$/, "") + (parts[3] ?? "") : null;
}

/**
 * Who an author is within a platform: the platform's id, else the normalized profile link, else the name as written
 * (bylines of news sites); null when the document names no author.
 */
export function authorKey(author: CollectedDocument["author"]): string | null {
  if (!author) return null;
  if (author.id) return `id:${author.id}`;
  const url = author.url ? profileUrlKey(author.url) : null;
  if (url) return `url:${url}`;
  const name = clean(author.name)?.replace(/[ \t\r\n]+/g, " ");
  return name ? `name:${name}` : null;
}

const isAgeRange = (value: unknown): value is AgeRange => AGE_RANGES.includes(value as AgeRange);

/** The author's profile as the document shows it, with the province (2025) its location resolved to when prepared. */
export function authorProfile(doc: CollectedDocument, province: string | null): AuthorProfile | null {
  const key = authorKey(doc.author);
  if (!key || !doc.author) return null;
  const { author } = doc;
  const location = clean(author.location);
  const job = clean(author.job);
  return {
    platform: doc.platform,
    key,
    externalId: author.id || null,
    name: clean(author.name),
    url: author.url || null,
    followers: author.followers ?? null,
    ageRange: isAgeRange(author.ageRange) ? author.ageRange : null,
    job,
    jobCategory: jobCategory(job),
    location,
    province: location ? province : null,
    at: doc.publishedAt,
  };
}
