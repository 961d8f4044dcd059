import { randomBytes } from "node:crypto";
import { ACCOUNT_TYPE } from "../../../shared/account.ts";
import { INDUSTRIES } from "../../../shared/industries.ts";
import { hashPassword } from "../security/index.ts";
import type { Deps } from "../../deps.ts";
import { inBatches, ingestBatches } from "../ingest/index.ts";
import { projectColor } from "../projects/index.ts";
import { generateDemoDocuments } from "../../demo/generate-demo-documents.ts";

export const DEMO_USERNAME = "demo";
export const DEMO_CONTACT = { phone: "0900000000", email: "demo@nghe.vn" };
/** The demo brands are milk brands: the demo project's brand is an entry of that industry, not the catch-all "Khác". */
const DEMO_INDUSTRY = INDUSTRIES.find((industry) => industry.en === "Milk")!.id;
const PROJECTS = [
  { name: "Sữa Mộc Lan", keywords: ["Sữa Mộc Lan", "Mộc Lan Milk"], share: 45 },
  { name: "Đồng Xanh", keywords: ["Đồng Xanh"], share: 30 },
  { name: "NutriViệt", keywords: ["NutriViệt"], share: 25 },
];

type SeedResult = { created: false } | { created: true; username: string; password: string; documents: number; mentions: number };

/**
 * A contracted demo account with a brand project (fictional brands, marked is_demo) and `count` generated documents
 * sent through the real pipeline, so every figure on its dashboard is computed like a customer's. The documents are
 * the demo account's own, so no customer's project ever shows generated text. Its notification contacts are its own
 * phone and e-mail, with no scheduled reports. Does nothing if the demo account exists.
 */
export async function seedDemo(
  deps: Deps,
  options: { count?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<SeedResult> {
  const { db } = deps;
  const existing = await db.selectFrom("users").select("id").where("username", "=", DEMO_USERNAME).executeTakeFirst();
  if (existing) return { created: false };
  const now = deps.now();
  const password = `Demo${randomBytes(4).toString("hex")}`;
  const accountId = await db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto("users")
      .values({
        username: DEMO_USERNAME,
        full_name: "Tài khoản demo",
        phone: DEMO_CONTACT.phone,
        company: "Nghe (dữ liệu mẫu)",
        email: DEMO_CONTACT.email,
        password_hash: await hashPassword(password),
        account_type: ACCOUNT_TYPE.contracted,
        verified_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // The account's own contacts, so the demo crisis's alerts land in the outbox like a customer's.
    await trx
      .insertInto("notification_settings")
      .values({ user_id: user.id, time_reports: [], phones: [DEMO_CONTACT.phone], emails: [DEMO_CONTACT.email], updated_at: now })
      .execute();
    const [brand, ...competitors] = PROJECTS;
    const catalogued =
      (await trx.selectFrom("brands").select("id").where("name", "=", brand.name).where("demo", "=", true).executeTakeFirst()) ??
      (await trx
        .insertInto("brands")
        .values({ name: brand.name, industry_id: DEMO_INDUSTRY, demo: true })
        .returning("id")
        .executeTakeFirstOrThrow());
    const parent = await trx
      .insertInto("projects")
      .values({
        user_id: user.id,
        parent_id: null,
        brand_id: catalogued.id,
        name: brand.name,
        keywords: brand.keywords,
        color: projectColor(0),
        position: 0,
        is_demo: true,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("projects")
      .values(
        competitors.map((c, i) => ({
          user_id: user.id,
          parent_id: parent.id,
          brand_id: null,
          name: c.name,
          keywords: c.keywords,
          color: projectColor(i + 1),
          position: i + 1,
          is_demo: true,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    return user.id;
  });

  const total = options.count ?? 20_000;
  const documents = generateDemoDocuments(
    PROJECTS.map((p) => ({ name: p.name, share: p.share })),
    total,
    now,
  );
  const { mentions } = await ingestBatches(deps, inBatches(documents, 1000), { scope: { accountId }, isDemo: true }, (_, i) =>
    options.onProgress?.(Math.min((i + 1) * 1000, total), total),
  );
  return { created: true, username: DEMO_USERNAME, password, documents: total, mentions };
}
