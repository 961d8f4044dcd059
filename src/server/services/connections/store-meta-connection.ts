import type { Deps } from "../../deps.ts";
import type { MetaPage } from "../../collectors/meta-graph.ts";
import { sealToken } from "./token-cipher.ts";

export type MetaGrant = {
  accountId: number;
  projectId: number;
  user: { id: string; name: string };
  accessToken: string;
  expiresAt: Date | null;
  pages: MetaPage[];
};

/**
 * Keeps a grant: the project's connection (a reconnection of the same Meta user renews its token and state) and every page it
 * manages with the page's Instagram account, none followed until the customer chooses; pages chosen before stay so.
 */
export async function storeMetaConnection(deps: Deps, grant: MetaGrant): Promise<number> {
  const keys = deps.config.connectionKeys;
  const now = deps.now();
  const token = sealToken(keys, grant.accessToken);
  return deps.db.transaction().execute(async (trx) => {
    const renewed = {
      external_user_name: grant.user.name,
      access_token: token.value,
      token_key_id: token.keyId,
      expires_at: grant.expiresAt,
      state: "connected" as const,
      failing_since: null,
      reason: null,
    };
    const { id } = await trx
      .insertInto("connections")
      .values({
        ...renewed,
        account_id: grant.accountId,
        project_id: grant.projectId,
        provider: "meta",
        external_user_id: grant.user.id,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(["account_id", "project_id", "provider", "external_user_id"]).doUpdateSet(renewed))
      .returning("id")
      .executeTakeFirstOrThrow();
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
