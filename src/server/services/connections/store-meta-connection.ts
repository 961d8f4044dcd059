import type { Deps } from "../../deps.ts";
import type { MetaPage } from "../../collectors/meta-graph.ts";
import { type Grant, storeConnection } from "./store-connection.ts";
import { sealToken } from "./token-cipher.ts";

export type MetaGrant = Grant & { pages: MetaPage[] };

/**
 * Keeps a grant: the project's connection (a reconnection of the same Meta user renews its token and state) and every page it
 * manages with the page's Instagram account, none followed until the customer chooses; pages chosen before stay so.
 */
export async function storeMetaConnection(deps: Deps, grant: MetaGrant): Promise<number> {
  const keys = deps.config.connectionKeys;
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const id = await storeConnection({ ...deps, db: trx }, "meta", grant);
    for (const page of grant.pages) {
      const pageToken = sealToken(keys, page.access_token);
      const sources = [
        {
          kind: "facebook_page" as const,
          external_id: page.id,
          name: page.name,
          access_token: pageToken.value,
          token_key_id: pageToken.keyId,
        },
        ...(page.instagram_business_account
          ? [
              {
                kind: "instagram_account" as const,
                external_id: page.instagram_business_account.id,
                name: page.instagram_business_account.username ?? page.instagram_business_account.name ?? page.name,
                access_token: null,
                token_key_id: null,
              },
            ]
          : []),
      ];
      for (const source of sources) {
        const { kind: _, external_id: __, ...changed } = source;
        await trx
          .insertInto("connection_sources")
          .values({ ...source, connection_id: id, account_id: grant.accountId, project_id: grant.projectId, created_at: now })
          .onConflict((oc) => oc.columns(["connection_id", "kind", "external_id"]).doUpdateSet(changed))
          .execute();
      }
    }
    return id;
  });
}
