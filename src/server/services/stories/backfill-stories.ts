import { sql } from "kysely";
import type { Deps } from "../../deps.ts";
import { assignStories, documentStoryText } from "./assign-stories.ts";
import { storyIndexOf } from "./story-index.ts";

const BATCH = 500;

/**
 * Gives a story to the documents stored before stories existed, oldest first, one batch per transaction. Several
 * processes may run it at once: each takes documents the others have not locked. Returns how many it assigned.
 */
export async function backfillStories(deps: Deps): Promise<number> {
  let assigned = 0;
  for (;;) {
    const count = await deps.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom("documents")
        .select(["id", "account_id", "title", "content"])
        .where("story_id", "is", null)
        .orderBy("id")
        .limit(BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      const scopes = new Map<number | null, typeof rows>();
      for (const row of rows) {
        if (scopes.has(row.account_id)) scopes.get(row.account_id)!.push(row);
        else scopes.set(row.account_id, [row]);
      }
      for (const [accountId, docs] of scopes) {
        const scope = accountId === null ? ("pool" as const) : { accountId };
        const stories = await assignStories(
          trx,
          storyIndexOf(deps.db),
          scope,
          docs.map((d) => ({ key: String(d.id), text: documentStoryText(d) })),
          deps.now(),
        );
        const pairs = docs.map((d) => sql`(${Number(d.id)}::bigint, ${stories.get(String(d.id))!}::bigint)`);
        await sql`update documents set story_id = v.story_id from (values ${sql.join(pairs)}) as v (id, story_id) where documents.id = v.id`.execute(
          trx,
        );
      }
      return rows.length;
    });
    assigned += count;
    if (count < BATCH) return assigned;
  }
}
