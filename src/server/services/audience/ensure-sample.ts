import type { Transaction } from "kysely";
import { monthStart } from "../../../shared/time-range.ts";
import { sampleAudience, sampleAuthors, SAMPLE_AUTHOR_COUNT } from "./sample-audience.ts";
import { ALL_CHANNELS, type Database } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";

/** The sample authors' ids, created on first use (in the public pool, flagged as sample, never linked to a document). */
async function sampleAuthorIds(trx: Transaction<Database>, now: Date): Promise<number[]> {
  const stored = await trx.selectFrom("authors").select(["id", "author_key"]).where("is_sample", "=", true).execute();
  if (stored.length < SAMPLE_AUTHOR_COUNT) {
    const rows = sampleAuthors().map((a) => ({
      account_id: null,
      platform: a.platform,
      author_key: a.key,
      name: a.name,
      followers: a.followers,
      age_range: a.ageRange,
      job: a.job,
      job_category: a.jobCategory,
      location: a.location,
      province: a.province,
      profile_at: now,
      first_seen_at: now,
      last_seen_at: now,
      is_sample: true,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto("authors")
        .values(rows.slice(i, i + 500))
        .onConflict((oc) => oc.doNothing())
        .execute();
    return sampleAuthorIds(trx, now);
  }
  const byKey = new Map(stored.map((a) => [a.author_key, a.id]));
  return sampleAuthors().map((a) => byKey.get(a.key)!);
}

/**
 * Stores the sample audience of each project for the month unless it is there already. Generated once per project
 * month and kept apart from real counts (sample rows), so every figure a trial account sees is computed like a real one.
 */
export async function ensureSample(deps: Deps, projectIds: number[], month: Date): Promise<void> {
  const done = await deps.db
    .selectFrom("audience_samples")
    .select("project_id")
    .where("project_id", "in", projectIds)
    .where("month", "=", month)
    .execute();
  const missing = projectIds.filter((id) => !done.some((d) => d.project_id === id));
  for (const projectId of missing) {
    await deps.db.transaction().execute(async (trx) => {
      const now = deps.now();
      // Concurrent first requests: the one that claims the project month generates it, the others find it done.
      const claimed = await trx
        .insertInto("audience_samples")
        .values({ project_id: projectId, month, created_at: now })
        .onConflict((oc) => oc.columns(["project_id", "month"]).doNothing())
        .returning("project_id")
        .executeTakeFirst();
      if (!claimed) return;
      const ids = await sampleAuthorIds(trx, now);
      const authors = sampleAuthors();
      // Each sample author speaks on one channel: its row there, and the same as its row over all channels.
      const rows = sampleAudience(projectId, month).flatMap((r) =>
        [r.channel, ALL_CHANNELS].map((channel) => ({
          project_id: projectId,
          sample: true,
          month,
          channel,
          author_id: ids[r.author],
          mentions: r.mentions,
          positive: r.positive,
          neutral: r.neutral,
          negative: r.negative,
          interactions: r.interactions,
          followers: authors[r.author].followers,
          age_range: authors[r.author].ageRange,
          job: authors[r.author].jobCategory,
          province: authors[r.author].province,
          first_month: monthStart(month, r.monthsSinceFirst),
        })),
      );
      for (let i = 0; i < rows.length; i += 1000)
        await trx
          .insertInto("audience_monthly")
          .values(rows.slice(i, i + 1000))
          .execute();
    });
  }
}
