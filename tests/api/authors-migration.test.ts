import { sql } from "kysely";
import { expect, test } from "vitest";
import { jobCategory } from "../../src/server/nlp/job.ts";
import { loadMigrations, migrate } from "../../src/server/db/migrate.ts";
import { authorKey } from "../../src/server/services/ingest/author-profile.ts";
import { monthOf } from "../../src/server/services/tallies/audience-rollups.ts";
import { freshDatabase } from "../factories/test-database.ts";

const JOBS = [
  "Sinh viên",
  "Sinh viên năm 3 ĐH Bách Khoa",
  "Nhân viên văn phòng",
  "Nhân viên kinh doanh",
  "Nhân viên y tế",
  "Kế toán",
  "Chủ shop quần áo",
  "KỸ SƯ CNTT",
  "IT",
  "Lập trình viên",
  "Giáo viên mầm non",
  "Y tá",
  "Công nhân",
  "Tài xế công nghệ",
  "Nông dân",
  "Nội trợ",
  "Mẹ bỉm sữa",
  "Content creator",
  "Tiktoker",
  "Kinh doanh tự do",
  "Freelancer",
  "Công chức nhà nước",
  "Nghỉ hưu",
  "Giám đốc",
  "Đầu bếp",
  "Nhiếp ảnh gia",
  "Office worker",
  "Student",
  "!!!",
];
const URLS = [
  "https://www.Facebook.com/trang.1/",
  "http://m.facebook.com/Trang.2?id=5#ảnh",
  "https://youtube.com/channel/UCabcDEF/",
  "https://www.facebook.com",
  "ftp://khong-phai-web/a",
];

test("migration 0014 makes authors of the documents stored before it, with the keys and job categories of the pipeline", async () => {
  const handle = await freshDatabase(loadMigrations().filter((m) => m.version < 14));
  const { db } = handle;
  try {
    const at = new Date("2026-10-20T10:00:00Z");
    const user = await db
      .insertInto("users")
      .values({
        username: "truoc_day",
        full_name: "Trần Thị Mai",
        phone: "0912000111",
        company: "Cà phê Mai",
        email: "mai@caphe.vn",
        password_hash: "-",
        account_type: 1,
        verified_at: at,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const project = await db
      .insertInto("projects")
      .values({
        user_id: user.id,
        parent_id: null,
        brand_id: 0,
        name: "Cà phê Mai",
        keywords: ["cà phê mai"],
        color: "#7DD3FC",
        position: 0,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    type Author = {
      id: string | null;
      name: string | null;
      url: string | null;
      job?: string | null;
      province?: string | null;
      followers?: number | null;
      age?: string | null;
    };
    const authors: Author[] = [
      ...JOBS.map((job, i) => ({ id: null, name: `Người  viết ${i}`, url: null, job })),
      ...URLS.map((url, i) => ({ id: null, name: `Trang ${i}`, url })),
      { id: "uid-7", name: "Cũ", url: null, followers: 10, province: "ha-noi", age: "18-24" },
      { id: "uid-7", name: "Mới", url: null, followers: null, province: "dong-nai", age: null },
      { id: "", name: "", url: null },
    ];
    let n = 0;
    for (const [i, author] of authors.entries()) {
      for (const accountId of i === authors.length - 2 ? [null] : [null, user.id]) {
        n += 1;
        const publishedAt = new Date(at.getTime() + i * 86_400_000 * 3);
        const doc = await db
          .insertInto("documents")
          .values({
            account_id: accountId,
            dedup_key: `m:${n}`,
            channel: 1,
            platform: "facebook",
            external_id: `m${n}`,
            url: `https://example.vn/${n}`,
            mention_type: 0,
            parent_external_id: null,
            title: null,
            content: "Cà phê Mai ngon",
            search_text: "ca phe mai ngon",
            published_at: publishedAt,
            collected_at: at,
            updated_at: at,
            source_id: null,
            source_name: "Nhóm",
            source_url: null,
            author_id: author.id,
            author_name: author.name,
            author_url: author.url,
            author_followers: author.followers ?? null,
            author_age_range: author.age ?? null,
            author_job: author.job ?? null,
            author_province: author.province ?? null,
            likes: 3,
            shares: 1,
            comments: 2,
            views: 0,
            rating: null,
            ecommerce_source: null,
            hashtags: [],
            sentiment: (n % 3) as 0 | 1 | 2,
            sentiment_scores: [1, 0, 0],
            noise_score: 0,
            noise_reasons: [],
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await db
          .insertInto("mentions")
          .values({
            project_id: project.id,
            document_id: doc.id,
            published_at: publishedAt,
            channel: 1,
            mention_type: 0,
            sentiment: (n % 3) as 0 | 1 | 2,
            is_noise: false,
            matched_keywords: ["ca phe mai"],
            created_at: at,
            updated_at: at,
          })
          .execute();
      }
    }
    await migrate(db);

    const stored = await db.selectFrom("authors").selectAll().orderBy("id").execute();
    const pool = stored.filter((a) => a.account_id === null);
    const expectedKeys = new Set(
      authors.map((a) => authorKey({ id: a.id, name: a.name, url: a.url, followers: null, location: null })).filter(Boolean),
    );
    expect(new Set(pool.map((a) => a.author_key))).toEqual(expectedKeys);
    expect(stored.filter((a) => a.account_id === user.id).length).toBe(expectedKeys.size);
    for (const job of JOBS) {
      const author = pool.find((a) => a.job === job)!;
      expect(author.job_category, job).toBe(jobCategory(job));
    }
    // One author, each field from the newest document that has it.
    expect(pool.find((a) => a.author_key === "id:uid-7")).toMatchObject({
      name: "Mới",
      followers: 10,
      province: "dong-nai",
      age_range: "18-24",
    });

    const unlinked = await db.selectFrom("documents").select(["id", "author_name"]).where("author_ref", "is", null).execute();
    expect(unlinked.map((d) => d.author_name)).toEqual(["", ""]);
    const rollup = await sql<{ month: Date; authors: number; mentions: number; interactions: number; first: Date }>`
      select month, count(distinct author_id)::int as authors, sum(mentions)::int as mentions, sum(interactions)::int as interactions, min(first_month) as first
      from audience_monthly where project_id = ${project.id} and channel = 0 group by month order by month`.execute(db);
    const linked = n - 2;
    expect(rollup.rows.reduce((sum, r) => sum + r.mentions, 0)).toBe(linked);
    expect(rollup.rows.reduce((sum, r) => sum + r.interactions, 0)).toBe(linked * 6);
    expect(rollup.rows.map((r) => r.month.getTime())).toEqual([
      ...new Set(Array.from({ length: authors.length - 1 }, (_, i) => monthOf(new Date(at.getTime() + i * 86_400_000 * 3)).getTime())),
    ]);
    expect(rollup.rows[0].first.getTime()).toBe(monthOf(at).getTime());
    // The channel's rows add up to the same, and the counts the figures read agree with the rows.
    const perChannel = await sql<{
      mentions: number;
    }>`select sum(mentions)::int as mentions from audience_monthly where project_id = ${project.id} and channel <> 0`.execute(db);
    expect(perChannel.rows[0].mentions).toBe(linked);
    const counts = await sql<{ month: Date; authors: number; mentions: number }>`
      select month, authors, mentions::int from audience_counts where project_id = ${project.id} and channel = 0 and dim = 'all' and authors <> 0 order by month`.execute(
      db,
    );
    expect(counts.rows.map((r) => [r.month.getTime(), r.authors, r.mentions])).toEqual(
      rollup.rows.map((r) => [r.month.getTime(), r.authors, r.mentions]),
    );
  } finally {
    await handle.close();
  }
});
