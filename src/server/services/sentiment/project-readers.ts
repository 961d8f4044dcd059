import type { Deps } from "../../deps.ts";
import type { SentimentReader } from "../../nlp/sentiment/reader.ts";
import type { ReadingContext } from "../../nlp/sentiment/reading-context.ts";
import { accountClassifier } from "./account-classifier.ts";

/** Who reads the mentions of which project: the base model reads documents, each project is read by its account's reader. */
export type ProjectReaders = { base: SentimentReader; of: (projectId: number) => SentimentReader };

/** The shared base model's reader (deps.classify), with the base's version. */
export function baseReader(deps: Deps): SentimentReader {
  return Object.assign((text: string, context?: ReadingContext) => deps.classify(text, context), {
    version: deps.sentimentBase().version,
  });
}

/**
 * Who reads what in one batch: the base model reads the documents and the projects of accounts without a promoted
 * adaptation on it (nearly all: one small query finds the others); every other project is read by its account's reader.
 */
export async function projectReaders(deps: Deps): Promise<ProjectReaders> {
  const base = baseReader(deps);
  const adapted = await deps.db
    .selectFrom("sentiment_adaptations as a")
    .innerJoin("projects as p", "p.user_id", "a.account_id")
    .select(["p.id as project_id", "a.account_id"])
    .distinct()
    .where("a.status", "=", "promoted")
    .where("a.base_version", "=", base.version)
    .execute();
  if (adapted.length === 0) return { base, of: () => base };
  const byAccount = new Map<number, SentimentReader>();
  const byProject = new Map<number, SentimentReader>();
  for (const row of adapted) {
    const accountId = Number(row.account_id);
    if (!byAccount.has(accountId)) byAccount.set(accountId, await accountClassifier(deps, accountId));
    byProject.set(Number(row.project_id), byAccount.get(accountId)!);
  }
  return { base, of: (projectId) => byProject.get(projectId) ?? base };
}
