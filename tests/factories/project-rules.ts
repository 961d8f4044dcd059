import type { Kysely } from "kysely";
import type { Database } from "../../src/server/db/schema.ts";
import { ingestDocuments } from "../../src/server/services/ingest/index.ts";
import { seededRandom } from "../../src/shared/seeded-random.ts";
import { randomCollected } from "./documents.ts";
import type { TestContext } from "./test-app.ts";

const random = seededRandom(38);

/** A public post of an hour ago on the channel (Facebook unless said), through the whole ingest pipeline. */
export const ingestPost = (ctx: TestContext, content: string, channel = 1) =>
  ingestDocuments(ctx.deps, [
    {
      ...randomCollected(random, {
        externalId: `rules-${Math.random()}`,
        content,
        publishedAt: new Date(ctx.deps.now().getTime() - 3_600_000),
      }),
      channel,
    },
  ]);

/** The texts of a project's mentions, sorted. */
export const mentionTexts = async (db: Kysely<Database>, projectId: number) =>
  (
    await db
      .selectFrom("mentions")
      .innerJoin("documents", "documents.id", "mentions.document_id")
      .select("documents.content")
      .where("mentions.project_id", "=", projectId)
      .execute()
  )
    .map((r) => r.content)
    .sort();

type Answer = { status: number; body: { code: number; data: any; errors: Record<string, string[]> } };

/** A JSON request as the account, its status and envelope. */
export const send = async (ctx: TestContext, method: string, path: string, json: unknown, token: string): Promise<Answer> => {
  const res = await ctx.request(path, { method, json, token });
  return { status: res.status, body: await res.json() };
};
