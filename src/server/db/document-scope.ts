import type { ExpressionBuilder } from "kysely";
import type { Database } from "./schema.ts";

/**
 * Whose a document is: the public pool (built-in collectors, the staff clippings import, pool API keys) or one
 * account (delivered with that account's own API key). Dedup and counter updates stay inside a scope; an account's
 * documents reach only that account's projects.
 */
export type DocumentScope = "pool" | { accountId: number };

/** The documents.account_id of a scope: null for the pool. */
export const scopeAccountId = (scope: DocumentScope): number | null => (scope === "pool" ? null : scope.accountId);

/** Documents of exactly this scope. */
export function inScope(eb: ExpressionBuilder<Database, "documents">, scope: DocumentScope) {
  return scope === "pool" ? eb("documents.account_id", "is", null) : eb("documents.account_id", "=", scope.accountId);
}

/** Documents the projects of an account may see: the pool and the account's own. */
export function visibleToAccount(eb: ExpressionBuilder<Database, "documents">, accountId: number) {
  return eb.or([eb("documents.account_id", "is", null), eb("documents.account_id", "=", accountId)]);
}
