import type { Transaction } from "kysely";
import type { ProjectInput } from "../../../shared/schemas/project.ts";
import type { Database } from "../../db/schema.ts";
import { projectColor } from "./project-colors.ts";
import type { ProjectRow } from "./project-tree.ts";

/**
 * Competitors follow the form by position: existing ones are updated, new ones created, removed ones deleted with
 * their mentions and counters (those tables carry no foreign keys, see migration 0004). Exclusions and a query left out
 * of the form (a client that predates them) stay as saved.
 */
export async function saveCompetitors(
  trx: Transaction<Database>,
  brand: ProjectRow,
  existing: ProjectRow[],
  wanted: NonNullable<ProjectInput["competitors"]>,
  now: Date,
): Promise<void> {
  for (const [index, competitor] of wanted.entries()) {
    const position = index + 1;
    const current = existing.find((p) => p.position === position);
    if (current) {
      await trx
        .updateTable("projects")
        .set({
          name: competitor.name,
          keywords: competitor.keywords,
          exclude_keywords: competitor.exclude_keywords ?? current.exclude_keywords,
          query: competitor.query === undefined ? current.query : competitor.query,
          updated_at: now,
        })
        .where("id", "=", current.id)
        .execute();
    } else {
      await trx
        .insertInto("projects")
        .values({
          user_id: brand.user_id,
          parent_id: brand.id,
          brand_id: null,
          name: competitor.name,
          keywords: competitor.keywords,
          exclude_keywords: competitor.exclude_keywords ?? [],
          query: competitor.query ?? null,
          color: projectColor(position),
          position,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  }
  const removed = existing.filter((p) => p.position > wanted.length).map((p) => p.id);
  if (removed.length > 0) {
    await trx.deleteFrom("mention_rollups_hourly").where("project_id", "in", removed).execute();
    await trx.deleteFrom("mentions").where("project_id", "in", removed).execute();
    await trx.deleteFrom("projects").where("id", "in", removed).execute();
  }
}
