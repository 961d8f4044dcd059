import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import type { FollowSourcesBody } from "../../../shared/schemas/connections.ts";
import { assertOwnedProject } from "./owned-project.ts";
import { subscribePages } from "./subscribe-pages.ts";

/**
 * Follows (or stops following) sources of the project's connections, installing the app on the pages followed; a
 * source the caller's project does not list is a 404 for the whole request, the same as one that never existed.
 */
export async function followSources(deps: Deps, accountId: number, input: typeof FollowSourcesBody.infer): Promise<{ updated: number }> {
  await assertOwnedProject(deps, accountId, input.project_id);
  const ids = [...new Set(input.source_ids)];
  const result = await deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("connection_sources")
      .set({ followed: input.followed })
      .where("account_id", "=", accountId)
      .where("project_id", "=", input.project_id)
      .where("id", "in", ids)
      .executeTakeFirst();
    // Rolled back with the error: none of the request's sources change when one is not the caller's.
    if (Number(updated.numUpdatedRows) !== ids.length) throw AppError.of(404, "connections.source_not_found");
    return { updated: ids.length };
  });
  if (input.followed) await subscribePages(deps, accountId, ids);
  return result;
}
