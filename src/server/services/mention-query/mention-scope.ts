import { sql, type Kysely } from "kysely";
import { searchKey } from "../../../shared/vietnamese.ts";
import type { TimeRange } from "../../../shared/time-range.ts";
import type { Database } from "../../db/schema.ts";
import { channelsToFilter, type Filters } from "./resolve-filters.ts";

/**
 * Mentions of the filtered projects in a period, every filter applied, without their documents: what a count needs.
 * Search finds whole words and phrases of title, content and author, typed with or without diacritics, through the
 * mentions' search terms (migration 0022); unlike keywords it ignores diacritics entirely (docs/nlp/normalization.md).
 */
export function mentionRows(db: Kysely<Database>, filters: Filters, range: TimeRange, projectIds = filters.projectIds) {
  let query = db
    .selectFrom("mentions as m")
    .where("m.project_id", "in", projectIds)
    .where("m.published_at", ">=", range.start)
    .where("m.published_at", "<", range.end);
  const channels = channelsToFilter(filters);
  if (channels) query = query.where("m.channel", "in", channels);
  if (filters.hideNoise) query = query.where("m.is_noise", "=", false);
  if (filters.sentiments) query = query.where("m.sentiment", "in", filters.sentiments as (0 | 1 | 2)[]);
  if (filters.mentionType !== null) query = query.where("m.mention_type", "=", filters.mentionType);
  if (filters.status !== null) query = query.where("m.status", "=", filters.status);
  if (filters.subBrand !== null) query = query.where("m.sub_brand_id", "=", filters.subBrand);
  if (filters.service !== null) query = query.where("m.service_id", "=", filters.service);
  const incident = filters.incident;
  if (incident !== null) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("incident_mentions as im")
          .whereRef("im.project_id", "=", "m.project_id")
          .whereRef("im.document_id", "=", "m.document_id")
          .where("im.incident_id", "=", incident),
      ),
    );
  }
  const ecommerce = filters.ecommerce;
  if (ecommerce !== null) {
    query = query.where(({ exists, selectFrom }) =>
      exists(selectFrom("documents as e").whereRef("e.id", "=", "m.document_id").where("e.ecommerce_source", "=", ecommerce)),
    );
  }
  const { author, province, story, source } = filters;
  if (author !== null) {
    query = query.where(({ exists, selectFrom }) =>
      exists(selectFrom("documents as a").whereRef("a.id", "=", "m.document_id").where("a.author_ref", "=", author)),
    );
  }
  if (province !== null) {
    // The author's province, as the audience counts it (audience_monthly copies it from the author), not the document's.
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("documents as p")
          .innerJoin("authors as pa", "pa.id", "p.author_ref")
          .whereRef("p.id", "=", "m.document_id")
          .where("pa.province", "=", province),
      ),
    );
  }
  if (story !== null) {
    query = query.where(({ exists, selectFrom }) =>
      exists(selectFrom("documents as s").whereRef("s.id", "=", "m.document_id").where("s.story_id", "=", story)),
    );
  }
  if (source !== null) {
    query = query.where(({ exists, selectFrom }) =>
      exists(selectFrom("documents as o").whereRef("o.id", "=", "m.document_id").where("o.source_name", "=", source)),
    );
  }
  const phrase = filters.search ? searchKey(filters.search) : "";
  if (phrase) {
    const words = phrase.split(" ");
    // One word, or each pair of adjacent words: all of a mention's terms share its month, so holding each pair in some
    // month of the period means holding them all in its own. The months' hashes are a subquery, computed once: as a
    // plain call, a plan without statistics (PGlite never analyzes by itself) evaluates it again for every row.
    const terms = words.length === 1 ? words : words.slice(1).map((word, i) => `${words[i]} ${word}`);
    query = query.where((eb) =>
      eb.or(
        projectIds.map((id) =>
          eb.and([
            eb("m.project_id", "=", id),
            ...terms.map(
              (term) => sql<boolean>`m.search_terms && (select search_term_months(${id}, ${term}, ${range.start}, ${range.end}))`,
            ),
          ]),
        ),
      ),
    );
    // Adjacent pairs do not make a phrase of three words or more ("a b" and "b c" apart): the text itself decides.
    if (words.length > 2) {
      const pattern = `% ${phrase.replace(/[\\%_]/g, "\\$&")} %`;
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom("documents as t").whereRef("t.id", "=", "m.document_id").where(sql`' ' || t.search_text || ' '`, "like", pattern),
        ),
      );
    }
  }
  return query;
}

/** The filtered mentions joined with their documents. */
export function mentionScope(db: Kysely<Database>, filters: Filters, range: TimeRange, projectIds = filters.projectIds) {
  return mentionRows(db, filters, range, projectIds).innerJoin("documents as d", "d.id", "m.document_id");
}

/** The hourly counters of the filtered projects in a period (only channel, sentiment and noise filters apply here). */
export function rollupScope(db: Kysely<Database>, filters: Filters, range: TimeRange, projectIds = filters.projectIds) {
  let query = db
    .selectFrom("mention_rollups_hourly as r")
    .where("r.project_id", "in", projectIds)
    .where("r.hour", ">=", range.start)
    .where("r.hour", "<", range.end);
  const channels = channelsToFilter(filters);
  if (channels) query = query.where("r.channel", "in", channels);
  if (filters.hideNoise) query = query.where("r.is_noise", "=", false);
  if (filters.sentiments) query = query.where("r.sentiment", "in", filters.sentiments);
  return query;
}
