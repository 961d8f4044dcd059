import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestContext, type TestContext } from "../factories/test-app.ts";

/** The landing page's contact form as plain HTML sends it, before its script runs: urlencoded, with the page language. */
const form = (overrides: Record<string, string> = {}) =>
  new URLSearchParams({
    lang: "vi",
    full_name: "Đặng Thu Trang",
    phone: "0987654321",
    email: "trang.dang@caphe-bazan.vn",
    company: "Cà phê Bazan",
    message: "Xin tư vấn theo dõi thương hiệu trên Facebook và báo điện tử.",
    ...overrides,
  });

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (body: URLSearchParams, ip: string) =>
  ctx.request("/api/advise-email", {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    ip,
    redirect: "manual",
  });

describe("the contact form works as plain HTML", () => {
  test("a complete form is kept and the browser goes on to the thank-you page in the page's language", async () => {
    const res = await post(form(), "198.51.100.1");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/thankyou");
    const stored = await ctx.handle.db
      .selectFrom("contact_requests")
      .selectAll()
      .where("email", "=", "trang.dang@caphe-bazan.vn")
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ full_name: "Đặng Thu Trang", phone: "0987654321", company: "Cà phê Bazan", lang: "vi" });

    const english = await post(form({ lang: "en", email: "tom@bazan.vn" }), "198.51.100.2");
    expect(english.headers.get("location")).toBe("/en/thankyou");
  });

  test("a refused form goes back to the form's message on the landing page, and nothing is kept", async () => {
    for (const [bad, lang, to] of [
      [{ phone: "12345" }, "vi", "/landingpage#contact-failed"],
      [{ message: "   " }, "en", "/en/landingpage#contact-failed"],
      [{ full_name: "Trang\u0000" }, "vi", "/landingpage#contact-failed"],
    ] as const) {
      const res = await post(form({ ...bad, lang, email: `refused-${lang}@bazan.vn` }), "198.51.100.3");
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(to);
    }
    expect(await ctx.handle.db.selectFrom("contact_requests").select("id").where("email", "like", "refused-%").execute()).toEqual([]);
  });

  test("the script's JSON post still answers in the envelope", async () => {
    const res = await ctx.request("/api/advise-email", {
      method: "POST",
      json: { ...Object.fromEntries(form()), lang: undefined, email: "json@bazan.vn" },
      ip: "198.51.100.4",
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data.id).toEqual(expect.any(Number));
  });
});
