import { sql, type Insertable, type Transaction } from "kysely";
import type { CollectedDocument } from "./collected-document.ts";
import type { Database, DocumentsTable } from "../../db/schema.ts";
import { authorProfile, type AuthorProfile } from "./author-profile.ts";
import { dedupKey } from "./dedup-key.ts";
import { scopeAccountId, type DocumentScope } from "../../db/document-scope.ts";
import { unnestRows } from "../../db/array-param.ts";

/**
 * Fields that change together: a new location brings its province (or none), a new job its category. A document's
 * group replaces the stored one when the document is at least as new as the stored profile, or fills it when empty.
 */
const GROUPS = [
  ["external_id"],
  ["name"],
  ["url"],
  ["followers"],
  ["age_range"],
  ["job", "job_category"],
  ["location", "province"],
] as const;

type AuthorRow = Insertable<Database["authors"]>;
type Column = (typeof GROUPS)[number][number];

function toRow(profile: AuthorProfile, accountId: number | null): AuthorRow {
  return {
    account_id: accountId,
    platform: profile.platform,
    author_key: profile.key,
    external_id: profile.externalId,
    name: profile.name,
    url: profile.url,
    followers: profile.followers,
    age_range: profile.ageRange,
    job: profile.job,
    job_category: profile.jobCategory,
    location: profile.location,
    province: profile.province,
    profile_at: profile.at,
    first_seen_at: profile.at,
    last_seen_at: profile.at,
  };
}

const time = (value: AuthorRow["profile_at"]) => new Date(value as Date).getTime();

/** Two profiles of one author in one batch, by the same rule as the upsert. */
function merge(stored: AuthorRow, next: AuthorRow): AuthorRow {
  const merged: AuthorRow = {
    ...stored,
    profile_at: new Date(Math.max(time(stored.profile_at), time(next.profile_at))),
    first_seen_at: new Date(Math.min(time(stored.first_seen_at), time(next.first_seen_at))),
    last_seen_at: new Date(Math.max(time(stored.last_seen_at), time(next.last_seen_at))),
  };
  const newer = time(next.profile_at) >= time(stored.profile_at);
  for (const group of GROUPS) {
    const has = (row: AuthorRow) => group.some((column) => row[column] !== null && row[column] !== undefined);
    if (has(next) && (newer || !has(stored))) for (const column of group) (merged as Record<Column, unknown>)[column] = next[column];
  }
  return merged;
}

/** A stored author takes a batch's profile group by group, by the same rule as merge. */
function upsertSet() {
  const newer = sql`excluded.profile_at >= authors.profile_at`;
  const set = [
    sql`profile_at = greatest(authors.profile_at, excluded.profile_at)`,
    sql`first_seen_at = least(authors.first_seen_at, excluded.first_seen_at)`,
    sql`last_seen_at = greatest(authors.last_seen_at, excluded.last_seen_at)`,
  ];
  for (const group of GROUPS) {
    const any = (table: "excluded" | "authors") =>
      sql.join(
        group.map((column) => sql`${sql.ref(`${table}.${column}`)} is not null`),
        sql` or `,
      );
    const takeNew = sql`(${any("excluded")}) and (${newer} or not (${any("authors")}))`;
    for (const column of group)
      set.push(
        sql`${sql.id(column)} = case when ${takeNew} then ${sql.ref(`excluded.${column}`)} else ${sql.ref(`authors.${column}`)} end`,
      );
  }
  return sql.join(set);
}

const UPSERT_SET = upsertSet();

/** A batch's authors, merged and in lock order, and which author each document (by dedup key) has. */
export type BatchAuthors = { rows: AuthorRow[]; documentAuthor: Map<string, string> };

const authorKey = (platform: string, key: string) => `${platform}\u0000${key}`;

/** The authors of a batch's documents in the batch's scope: pure work, done before the batch's transaction. */
export function batchAuthors(
  batch: CollectedDocument[],
  prepared: Map<string, Insertable<DocumentsTable>>,
  scope: DocumentScope,
): BatchAuthors {
  const accountId = scopeAccountId(scope);
  const byAuthor = new Map<string, AuthorRow>();
  const documentAuthor = new Map<string, string>();
  for (const doc of batch) {
    const dedup = dedupKey(doc);
    const row = prepared.get(dedup);
    const profile = row && authorProfile(doc, row.author_province ?? null);
    if (!profile) continue;
    const key = authorKey(profile.platform, profile.key);
    const next = toRow(profile, accountId);
    const stored = byAuthor.get(key);
    byAuthor.set(key, stored ? merge(stored, next) : next);
    documentAuthor.set(dedup, key);
  }
  // A stable order of locks across concurrent batches.
  const rows = [...byAuthor.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
  return { rows, documentAuthor };
}

/** The columns of an author as a batch writes them. */
const AUTHOR_COLUMNS = {
  account_id: "bigint",
  platform: "text",
  author_key: "text",
  external_id: "text",
  name: "text",
  url: "text",
  followers: "integer",
  age_range: "text",
  job: "text",
  job_category: "text",
  location: "text",
  province: "text",
  profile_at: "timestamptz",
  first_seen_at: "timestamptz",
  last_seen_at: "timestamptz",
} as const satisfies { [K in keyof AuthorRow]?: string };

/**
 * Creates or updates the batch's authors (an account's private documents make authors of that account only) and points
 * the document rows to them. The audience counters keep a copy of each author's followers, age, job and province,
 * refreshed here when they change.
 */
export async function attachAuthors(
  trx: Transaction<Database>,
  { rows, documentAuthor }: BatchAuthors,
  prepared: Map<string, Insertable<DocumentsTable>>,
): Promise<void> {
  if (rows.length === 0) return;
  const ids = new Map<string, number>();
  // Authors new to this batch have no audience rows yet: only the others' copies may need refreshing.
  const known: number[] = [];
  const { columns, values, source } = unnestRows(rows, AUTHOR_COLUMNS);
  const saved = await sql<{ id: number; platform: string; author_key: string; created: boolean }>`
    insert into authors (${columns}) select ${values} from ${source}
    on conflict (platform, author_key, coalesce(account_id, 0)) do update set ${UPSERT_SET}
    returning id, platform, author_key, xmax = 0 as created`.execute(trx);
  for (const author of saved.rows) {
    ids.set(authorKey(author.platform, author.author_key), author.id);
    if (!author.created) known.push(author.id);
  }
  for (const [dedup, key] of documentAuthor) prepared.get(dedup)!.author_ref = ids.get(key)!;
  if (known.length > 0) await refreshAudienceCopies(trx, known);
}

async function refreshAudienceCopies(trx: Transaction<Database>, authorIds: number[]): Promise<void> {
  await sql`
    update audience_monthly am
    set followers = a.followers, age_range = a.age_range, job = a.job_category, province = a.province
    from authors a
    where a.id = am.author_id and am.author_id = any(${sql.val(authorIds)}::bigint[])
      and (am.followers, am.age_range, am.job, am.province) is distinct from (a.followers, a.age_range, a.job_category, a.province)`.execute(
    trx,
  );
}
