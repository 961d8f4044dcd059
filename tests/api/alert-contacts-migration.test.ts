import { expect, test } from "vitest";
import { loadMigrations, migrate } from "../../src/server/db/migrate.ts";
import { freshDatabase } from "../factories/test-database.ts";

test("migration 0027 gives verified accounts without contacts their own phone and e-mail, and leaves saved lists alone", async () => {
  const handle = await freshDatabase(loadMigrations().filter((m) => m.version < 27));
  const { db } = handle;
  try {
    const now = new Date("2026-11-20T03:00:00Z");
    const user = (username: string, phone: string, verified: boolean) =>
      db
        .insertInto("users")
        .values({
          username,
          full_name: "Nguyễn Văn An",
          phone,
          company: "Công ty Trà Xanh",
          email: `${username}@traxanh.vn`,
          password_hash: "x",
          created_at: now,
          updated_at: now,
          verified_at: verified ? now : null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    const never = await user("chua_luu", "0912000001", true);
    const emptied = await user("da_xoa", "0912000002", true);
    const pending = await user("chua_xac_thuc", "0912000003", false);
    await db
      .insertInto("notification_settings")
      .values({ user_id: emptied.id, time_reports: ["weekly"], phones: [], emails: [], updated_at: now })
      .execute();

    await migrate(db);
    const rows = await db
      .selectFrom("notification_settings")
      .select(["user_id", "phones", "emails", "time_reports"])
      .orderBy("user_id")
      .execute();
    expect(rows).toEqual([
      { user_id: never.id, phones: ["0912000001"], emails: ["chua_luu@traxanh.vn"], time_reports: [] },
      { user_id: emptied.id, phones: [], emails: [], time_reports: ["weekly"] },
    ]);
    expect(rows.some((r) => r.user_id === pending.id)).toBe(false);
  } finally {
    await handle.close();
  }
}, 120_000);
