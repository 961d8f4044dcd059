import { findDbCommand } from "../../src/server/cli/db-commands.ts";
import { ingestDocuments } from "../../src/server/services/ingest/ingest-documents.ts";
import type { TestContext } from "../factories/test-app.ts";
import { createVerifiedUser } from "../factories/users.ts";

export type Tenant = {
  userId: number;
  username: string;
  phone: string;
  token: string;
  apiKey: string;
  /** Brand project first, then its competitors. */
  projectIds: number[];
  projectNames: string[];
  /** Document ids of the tenant's mentions, by project. */
  mentionIds: Map<number, number[]>;
  subBrandIds: number[];
  serviceIds: number[];
  /** Incidents of the brand project, opened by hand, each with mentions attached and a solution. */
  incidentIds: number[];
  /** Strings only this tenant's answers may contain: project names, private texts, sources, list names, contacts. */
  markers: string[];
};

type Brand = { name: string; keywords: string[]; competitors: { name: string; keywords: string[] }[] };
type Profile = {
  brand: Brand;
  /** One text per project of the brand (brand first), each mentioning only that project's keywords. */
  texts: string[];
  sources: string[];
  author: string;
  subBrand: string;
  service: string;
  email: string;
  /** Titles of the brand's incidents, and the solution recorded on each. */
  incidents: string[];
  solution: string;
};

export const PROFILE_A: Profile = {
  brand: {
    name: "Dự án Ngàn Sao",
    keywords: ["Vinamilk", "sữa tươi Vinamilk"],
    competitors: [
      { name: "Đối thủ Mây Trắng", keywords: ["TH True Milk"] },
      { name: "Đối thủ Sông Hồng", keywords: ["Nutifood"] },
    ],
  },
  texts: [
    "Sữa tươi Vinamilk ít đường, con tôi uống mỗi sáng và rất thích",
    "TH True Milk vừa tăng giá hộp 1 lít, khách quen phàn nàn",
    "Nutifood tài trợ chương trình dinh dưỡng học đường ở Nghệ An",
  ],
  sources: ["Hội Mẹ Bỉm Sữa Hà Nội", "Góc Review Sữa Hải Phòng"],
  author: "Nguyễn Thị Lan Anh",
  subBrand: "Sữa Chua Nếp Cẩm",
  service: "Giao Sữa Tận Nhà",
  email: "ketoan@ngansao.vn",
  incidents: ["Sự cố nội bộ Ngàn Sao: lô sữa lỗi bao bì", "Sự cố nội bộ Ngàn Sao: tin đồn tăng giá"],
  solution: "Ngàn Sao gọi điện xin lỗi từng khách hàng",
};

export const PROFILE_B: Profile = {
  brand: {
    name: "Dự án Cà Phê Phố",
    keywords: ["Trung Nguyên", "cà phê G7"],
    competitors: [
      { name: "Đối thủ Phố Cổ", keywords: ["Highlands"] },
      { name: "Đối thủ Đồi Chè", keywords: ["Phúc Long"] },
    ],
  },
  texts: [
    "Cà phê Trung Nguyên pha phin đậm vị, sáng nào cũng phải có một ly",
    "Highlands khai trương quán mới ở phố đi bộ Nguyễn Huệ",
    "Trà sữa Phúc Long giao hàng hơi chậm nhưng vẫn ngon",
  ],
  sources: ["Hội Yêu Cà Phê Sài Gòn", "Review Quán Đà Lạt"],
  author: "Trần Văn Minh",
  subBrand: "Cà Phê Chồn Thượng Hạng",
  service: "Pha Phin Tại Quán",
  email: "marketing@caphepho.vn",
  incidents: ["Sự cố Cà Phê Phố: quán đông, giao chậm", "Sự cố Cà Phê Phố: hết hàng cuối tuần"],
  solution: "Cà Phê Phố tặng phiếu giảm giá",
};

/** Public documents (built-in collectors) mentioning both brands: both tenants may see them. */
export const SHARED_TEXTS = [
  "Khảo sát bữa sáng: người Hà Nội chọn sữa Vinamilk, người Sài Gòn chọn cà phê Trung Nguyên",
  "Hội chợ hàng Việt có gian hàng Vinamilk cạnh gian hàng Trung Nguyên, rất đông khách",
];

const HOUR = 3_600_000;
const DOCS_PER_TENANT = 45;

/** A document as a partner crawler sends it to POST /api/ingest. */
export function ingestItem(profile: Profile, n: number, now: Date, tag: string) {
  return {
    channel: (n % 15) + 1,
    external_id: `${tag}-${n}`,
    url: `https://www.facebook.com/groups/${tag}/posts/${n}`,
    mention_type: n % 3,
    content: `${profile.texts[n % profile.texts.length]} (bài ${tag}-${n})`,
    published_at: new Date(now.getTime() - (n + 1) * 5 * HOUR).toISOString(),
    source: { name: profile.sources[n % profile.sources.length] },
    author: { name: profile.author, location: "Hà Nội" },
    metrics: { likes: 10 + n, shares: n % 4, comments: n % 7, views: 100 * n },
  };
}

async function json(ctx: TestContext, path: string, init: Parameters<TestContext["request"]>[1]) {
  const res = await ctx.request(path, init);
  const body = await res.json();
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

async function cli(ctx: TestContext, command: string, args: string[]) {
  const result = await findDbCommand(command)!.run(ctx.deps, args, "");
  if (result.exitCode !== 0) throw new Error(`${command} ${args.join(" ")}: ${result.stderr}`);
  return JSON.parse(result.stdout.split("\n")[0]);
}

/**
 * A contracted account with its brand project, two competitors, documents sent with its own API key through the
 * real ingest route, a sub brand and a service on its brand project, notification settings, some edited mentions,
 * crisis detection settings, and incidents opened by hand with mentions attached and a solution evaluated.
 */
export async function createTenant(ctx: TestContext, profile: Profile, tag: string): Promise<Tenant> {
  const { account, token, user } = await createVerifiedUser(ctx);
  await ctx.handle.db.updateTable("users").set({ account_type: 1 }).where("id", "=", user.id).execute();
  const project = await json(ctx, "/api/project", { method: "POST", token, json: { brand_id: 0, ...profile.brand } });
  const projectIds: number[] = [project.id, ...project.children_competitor.map((c: { id: number }) => c.id)];
  const apiKey = (await cli(ctx, "apikey", ["create", account.username, `crawler ${tag}`])).key as string;
  const items = Array.from({ length: DOCS_PER_TENANT }, (_, n) => ingestItem(profile, n, ctx.deps.now(), tag));
  const ingested = await json(ctx, "/api/ingest", { method: "POST", json: { documents: items }, headers: { "x-api-key": apiKey } });
  if (ingested.rejected.length > 0) throw new Error(JSON.stringify(ingested.rejected));
  const subBrand = await cli(ctx, "list", ["add", "sub-brand", String(projectIds[0]), profile.subBrand]);
  const service = await cli(ctx, "list", ["add", "service", String(projectIds[0]), profile.service]);
  await json(ctx, "/api/notification", {
    method: "PUT",
    token,
    json: { time_reports: ["daily", "weekly"], phones: [account.phone], emails: [profile.email] },
  });

  const tenant: Tenant = {
    userId: user.id,
    username: account.username,
    phone: account.phone,
    token,
    apiKey,
    projectIds,
    projectNames: [profile.brand.name, ...profile.brand.competitors.map((c) => c.name)],
    mentionIds: new Map(),
    subBrandIds: [subBrand.id],
    serviceIds: [service.id],
    incidentIds: [],
    markers: [],
  };
  await refreshMentionIds(ctx, tenant);
  const own = tenant.mentionIds.get(projectIds[0])!;
  const edit = (body: Record<string, unknown>) =>
    json(ctx, "/api/mention/update", { method: "POST", token, json: { project_id: projectIds[0], ...body } });
  await edit({ ids: own.slice(0, 3), sentiment: 2 });
  await edit({ ids: own.slice(3, 5), status: 1, sub_brand_id: subBrand.id, service_id: service.id });
  const post = (path: string, body: Record<string, unknown>) => json(ctx, path, { method: "POST", token, json: body });
  await post("/api/incident/settings", {
    project_id: projectIds[0],
    sensitivity: "high",
    min_volume: 5,
    cooldown_hours: 6,
    resolve_hours: 4,
  });
  const startedAt = new Date(ctx.deps.now().getTime() - 48 * HOUR).toISOString();
  for (const [n, title] of profile.incidents.entries()) {
    const incident = await post("/api/incident/create", { project_id: projectIds[0], title, started_at: startedAt });
    await post("/api/incident/attach", { id: incident.id, document_ids: own.slice(n * 4, n * 4 + 4) });
    await post(`/api/incident/solution-evaluation/${incident.id}`, {
      action: profile.solution,
      done_by: profile.author,
      done_at: startedAt,
      evaluation: "partly",
    });
    tenant.incidentIds.push(incident.id);
  }
  return tenant;
}

export async function refreshMentionIds(ctx: TestContext, tenant: Tenant) {
  const rows = await ctx.handle.db
    .selectFrom("mentions")
    .select(["project_id", "document_id"])
    .where("project_id", "in", tenant.projectIds)
    .orderBy("document_id")
    .execute();
  tenant.mentionIds = new Map(tenant.projectIds.map((id) => [id, rows.filter((r) => r.project_id === id).map((r) => r.document_id)]));
}

/** Public documents as the built-in collectors store them: the same pool for every account. */
export async function ingestSharedDocuments(ctx: TestContext) {
  const now = ctx.deps.now().getTime();
  await ingestDocuments(
    ctx.deps,
    SHARED_TEXTS.flatMap((text, i) =>
      [0, 1, 2].map((n) => ({
        channel: 2,
        platform: "vnexpress.net",
        externalId: `shared-${i}-${n}`,
        url: `https://vnexpress.net/bua-sang-${i}-${n}.html`,
        mentionType: 0 as const,
        parentExternalId: null,
        title: null,
        content: `${text} (tin ${i}-${n})`,
        publishedAt: new Date(now - (i * 3 + n + 1) * 7 * HOUR),
        source: { id: null, name: "VnExpress", url: null },
        author: { id: null, name: null, url: null, followers: null, location: null },
        metrics: { likes: 50 + n, shares: 5, comments: 9, views: 1000 },
        rating: null,
        ecommerceSource: null,
        hashtags: [],
      })),
    ),
  );
}

/**
 * What only `owner` may see: names, contacts and list names, and the text and source of every document linked to the
 * owner's projects and to no project of the others (public documents both brands match are shared on purpose).
 */
export async function computeMarkers(ctx: TestContext, owner: Tenant, others: Tenant[], profile: Profile) {
  const db = ctx.handle.db;
  const otherProjects = others.flatMap((t) => t.projectIds);
  const shared = new Set(
    otherProjects.length
      ? (await db.selectFrom("mentions").select("document_id").where("project_id", "in", otherProjects).execute()).map((r) => r.document_id)
      : [],
  );
  const own = await db
    .selectFrom("mentions as m")
    .innerJoin("documents as d", "d.id", "m.document_id")
    .select(["d.id", "d.content", "d.source_name"])
    .where("m.project_id", "in", owner.projectIds)
    .execute();
  const exclusive = own.filter((d) => !shared.has(d.id));
  owner.markers = [
    ...owner.projectNames,
    owner.username,
    owner.phone,
    profile.email,
    profile.subBrand,
    profile.service,
    profile.author,
    ...profile.incidents,
    profile.solution,
    ...profile.sources,
    ...new Set(exclusive.map((d) => d.content)),
  ];
  return new Set(exclusive.map((d) => d.id));
}
