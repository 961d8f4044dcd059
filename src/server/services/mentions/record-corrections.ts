import type { Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { ChangedMention, Edit } from "./change-mentions.ts";

/**
 * Every sentiment a person set (a correction, or a confirmation of the model's label) as a labelled example for
 * retraining the sentiment model: the document's text, the label, the model's own label at ingest. `source` tells a
 * mention corrected by itself from one corrected with its story; `model_version` is the model that read the mention's
 * sentiment (null for mentions read before versions were kept).
 */
export async function recordCorrections(
  trx: Transaction<Database>,
  editId: number,
  edit: Edit,
  changed: ChangedMention[],
  source: (documentId: number) => "mention" | "story",
) {
  const rows = changed
    .filter(({ target }) => target.sentiment !== undefined || target.sentiment_source === "manual")
    .map(({ mention, target }) => ({
      project_id: edit.project_id,
      user_id: edit.user_id,
      document_id: mention.document_id,
      edit_id: editId,
      text: [mention.title, mention.content].filter(Boolean).join("\n"),
      label: target.sentiment ?? mention.sentiment,
      model_label: mention.model_sentiment,
      model_version: mention.sentiment_model,
      source: source(mention.document_id),
      created_at: edit.at,
    }));
  for (let i = 0; i < rows.length; i += 1000)
    await trx
      .insertInto("sentiment_corrections")
      .values(rows.slice(i, i + 1000))
      .execute();
}
