import type { SentimentReasons } from "../../../shared/api-types.ts";
import type { MentionRef } from "../../../shared/schemas/mention.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import type { AuthUser } from "../auth/index.ts";
import { mentionText, matchDocument } from "../ingest/index.ts";
import { loadProjectTree, projectIds } from "../projects/index.ts";
import { documentContext, writerOf } from "../../nlp/sentiment/reading-context.ts";

/**
 * Why the base model reads one of the caller's mentions as it does: its explanation of the text the mention's sentiment
 * is read from, cut from the document with today's keywords of every project as ingest cuts it (classify-mentions.ts).
 * A mention set by hand says so; the words still tell what the model read. An account's adaptation
 * (docs/models/corrections.md) has no explanation of its own: the words are the base model's. The text is read as its
 * channel and kind say (a consumer's, news, or either); a review's stars are evidence beside the words, so the answer
 * also gives what the words alone read.
 */
export async function sentimentReasons(deps: Deps, user: AuthUser, query: MentionRef): Promise<SentimentReasons> {
  const tree = await loadProjectTree(deps.db, user.id);
  if (!tree || !projectIds(tree).includes(query.project_id)) throw AppError.of(404, "project.not_found");
  const mention = await deps.db
    .selectFrom("mentions as m")
    .innerJoin("documents as d", "d.id", "m.document_id")
    .select(["d.title", "d.content", "d.channel", "d.mention_type", "d.rating", "m.sentiment_source"])
    .where("m.project_id", "=", query.project_id)
    .where("m.document_id", "=", query.id)
    .executeTakeFirst();
  if (!mention) throw AppError.of(404, "mention.not_found");
  const text = mentionText(matchDocument(await deps.matcher(), mention), query.project_id);
  const model = deps.sentimentBase().model;
  const context = documentContext(mention);
  const { label, scores, top } = model.explain(text, context);
  // A phrase found at several places of the text is named once, where it pushed most.
  const named = top.filter((phrase, i) => top.findIndex((other) => other.text === phrase.text) === i);
  const stars = context.rating ?? null;
  const wordsAlone = stars === null ? null : model.classify(text, { ...context, rating: undefined });
  return {
    label,
    scores,
    source: mention.sentiment_source,
    top: named,
    read_as: writerOf(context) ?? "either",
    rating: stars,
    words_alone: wordsAlone && { label: wordsAlone.label, scores: wordsAlone.scores },
  };
}
