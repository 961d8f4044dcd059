import { expect } from "vitest";
import type { Tenant } from "./meta-connection.ts";
import type { TestContext } from "./test-app.ts";

/** The project's mentions in the period, as the mention list answers them (the fields a test reads). */
export async function listedMentions<Listed>(ctx: TestContext, tenant: Tenant, period: Record<string, string>): Promise<Listed[]> {
  const params = new URLSearchParams({ project_id: String(tenant.projectId), limit: "100", ...period });
  const res = await ctx.request(`/api/mention/index?${params}`, { token: tenant.token });
  expect(res.status).toBe(200);
  return (await res.json()).data.data;
}

export type Listing = {
  providers: { provider: string; configured: boolean }[];
  connections: {
    id: number;
    provider: string;
    external_user_name: string;
    state: string;
    expires_at: string | null;
    failing_since: string | null;
    reason: string | null;
    search_queries?: { used: number; limit: number };
    sources: { kind: string; external_id: string; name: string; followed: boolean; backfill_collected: number; backfill_done: boolean }[];
  }[];
};

/** The providers and the project's connections, as the connections screen reads them. */
export async function connectionListing(ctx: TestContext, tenant: Tenant): Promise<Listing> {
  const res = await ctx.request(`/api/connections?project_id=${tenant.projectId}`, { token: tenant.token });
  expect(res.status).toBe(200);
  return (await res.json()).data;
}
