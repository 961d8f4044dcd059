import type { Deps } from "../../deps.ts";
import type { Matcher } from "../../nlp/match.ts";
import { matchMentions, documentText } from "../ingest/index.ts";
import type { SentimentReader } from "../../nlp/sentiment/reader.ts";
import { documentContext } from "../../nlp/sentiment/reading-context.ts";
import { type LockedMention, lockMentions, moveSentiments } from "../mentions/index.ts";
import { baseReader, type ProjectReaders } from "../sentiment/index.ts";

// Mentions locked and updated per transaction: short locks against the users editing the same project.
const CHUNK = 1000;

/** The mention's sentiment toward its project as ingest reads it (its windows); the whole text if its keywords left. */
function readMention(readers: ProjectReaders, matcher: Matcher, projectId: number, mention: LockedMention): 0 | 1 | 2 {
  const document = { ...mention, sentiment: mention.document_sentiment };
  const [match] = matchMentions(readers, matcher, document, new Set([projectId]));
  return match?.sentiment ?? readers.of(projectId)(documentText(mention.title, mention.content), documentContext(mention)).label;
}

/**
 * Reads again, with the account's new classifier, every mention of its projects whose sentiment the model set
 * (`sentiment_source = 'model'`), storing the classifier's version on each; a mention set by hand is never touched,
 * even one edited while this runs (the check is made again under the lock). Counters move in the same transaction.
 */
export async function reclassifyMentions(deps: Deps, accountId: number, classifier: SentimentReader) {
  const projects = await deps.db.selectFrom("projects").select("id").where("user_id", "=", accountId).orderBy("id").execute();
  const matcher = await deps.matcher();
  const readers: ProjectReaders = { base: baseReader(deps), of: () => classifier };
  let mentions = 0;
  let changed = 0;
  for (const { id: projectId } of projects) {
    for (let after = 0; ; ) {
      const ids = (
        await deps.db
          .selectFrom("mentions")
          .select("document_id")
          .where("project_id", "=", projectId)
          .where("sentiment_source", "=", "model")
          .where("document_id", ">", after)
          .orderBy("document_id")
          .limit(CHUNK)
          .execute()
      ).map((r) => r.document_id);
      if (ids.length === 0) break;
      after = ids[ids.length - 1];
      await deps.db.transaction().execute(async (trx) => {
        const locked = (await lockMentions(trx, projectId, { ids })).filter((m) => m.sentiment_source === "model");
        const read = locked.map((mention) => ({
          mention,
          sentiment: readMention(readers, matcher, projectId, mention),
        }));
        for (const label of [0, 1, 2] as const) {
          const labelled = read.filter((r) => r.sentiment === label).map((r) => r.mention.document_id);
          if (labelled.length === 0) continue;
          await trx
            .updateTable("mentions")
            .set({ sentiment: label, model_sentiment: label, sentiment_model: classifier.version })
            .where("project_id", "=", projectId)
            .where("document_id", "in", labelled)
            .execute();
        }
        const moved = read.filter((r) => r.sentiment !== r.mention.sentiment);
        await moveSentiments(trx, projectId, moved);
        mentions += locked.length;
        changed += moved.length;
      });
    }
  }
  return { mentions, changed };
}
