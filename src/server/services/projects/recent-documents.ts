import { searchKey } from "../../../shared/vietnamese.ts";
import { visibleToAccount } from "../../db/document-scope.ts";
import type { Deps } from "../../deps.ts";

/** How far back a new project's scan and a preview of rules read the pool and the account's own documents. */
export const SCAN_DAYS = 30;
const MAX_CANDIDATES = 20_000;

/**
 * The documents of the last 30 days the user may see (the pool and the user's own) whose unaccented text holds one of
 * the terms, newest first: candidates only, read by publication time (the pool keeps no text index, which would cost
 * every ingested document more than this scan costs), for the matcher to decide on.
 */
export async function recentDocuments(deps: Deps, userId: number, terms: string[], now: Date) {
  const since = new Date(now.getTime() - SCAN_DAYS * 86_400_000);
  const patterns = [...new Set(terms.map((k) => `%${searchKey(k).replace(/[\\%_]/g, "\\$&")}%`))];
  if (patterns.length === 0) return [];
  return (
    deps.db
      .selectFrom("documents")
      .select([
        "id",
        "dedup_key",
        "title",
        "content",
        "published_at",
        "channel",
        "platform",
        "mention_type",
        "rating",
        "sentiment",
        "noise_score",
        "source_name",
        "likes",
        "shares",
        "comments",
        "views",
        "search_text",
        "author_ref",
      ])
      .where("published_at", ">=", since)
      .where((eb) => visibleToAccount(eb, userId))
      // OR of LIKEs: measured faster than one regular expression of every keyword.
      .where((eb) => eb.or(patterns.map((pattern) => eb("search_text", "like", pattern))))
      .orderBy("published_at", "desc")
      .limit(MAX_CANDIDATES)
      .execute()
  );
}
