import { describe, expect, test } from "vitest";
import type { CollectedDocument } from "./collected-document.ts";
import { authorKey, authorProfile, profileUrlKey } from "./author-profile.ts";
import { prepareDocument } from "./prepare-document.ts";

const now = new Date("2026-11-21T03:00:00Z");
const doc = (author: CollectedDocument["author"]): CollectedDocument => ({
  channel: 1,
  platform: "facebook",
  externalId: "p1",
  url: "https://www.facebook.com/groups/caphe/posts/1",
  mentionType: 0,
  parentExternalId: null,
  title: null,
  content: "Cà phê sáng nay ngon",
  publishedAt: now,
  source: { id: null, name: "Nhóm Cà Phê", url: null },
  author,
  metrics: { likes: 0, shares: 0, comments: 0, views: 0 },
  rating: null,
  ecommerceSource: null,
  hashtags: [],
});
const person = (fields: Partial<NonNullable<CollectedDocument["author"]>>) => ({
  id: null,
  name: null,
  url: null,
  followers: null,
  location: null,
  ...fields,
});

/** The author's profile as the pipeline makes it: the province comes from preparing the document. */
function profileOf(author: NonNullable<CollectedDocument["author"]>) {
  const item = doc(author);
  const row = prepareDocument(item, () => ({ label: 0, scores: [1, 0, 0] }), { now, repeatCount: 0, scope: "pool" });
  return authorProfile(item, row.author_province ?? null);
}
const provinceOf = (location: string) => profileOf(person({ id: "u", location }))!.province;

describe("a profile's location resolves to a province of 2025", () => {
  test.each([
    // Merged provinces count for the province that absorbed them, by old name, city or alias.
    ["Biên Hoà", "dong-nai"],
    ["Biên Hòa", "dong-nai"],
    ["bien hoa", "dong-nai"],
    ["BIÊN HÒA", "dong-nai"],
    ["Sống tại Biên Hoà, Đồng Nai", "dong-nai"],
    ["Hoà Bình", "phu-tho"],
    ["Hòa Bình", "phu-tho"],
    ["Hoa Binh", "phu-tho"],
    ["Tỉnh Hoà Bình", "phu-tho"],
    ["Vũng Tàu", "ho-chi-minh"],
    ["Bình Dương", "ho-chi-minh"],
    ["Hà Giang", "tuyen-quang"],
    ["Quảng Nam", "da-nang"],
    ["Thừa Thiên Huế", "hue"],
    ["Thanh Hoá", "thanh-hoa"],
    ["thanh hoa", "thanh-hoa"],
    ["Khánh Hoà", "khanh-hoa"],
    // New names, and the cities that were always centrally run.
    ["Thành phố Huế", "hue"],
    ["TP. Hồ Chí Minh", "ho-chi-minh"],
    ["tp hcm", "ho-chi-minh"],
    ["Sài Gòn", "ho-chi-minh"],
    ["Hà Nội", "ha-noi"],
    ["ha noi", "ha-noi"],
    ["Phú Thọ", "phu-tho"],
  ])("%s → %s", (location, code) => {
    expect(provinceOf(location)).toBe(code);
  });

  test("a place outside Vietnam's provinces, or none, resolves to no province", () => {
    expect(provinceOf("Việt Nam")).toBeNull();
    expect(provinceOf("Tokyo, Japan")).toBeNull();
    expect(profileOf(person({ id: "u" }))!.province).toBeNull();
  });
});

describe("who an author is", () => {
  test("the platform's id first, then the profile link without scheme, www, fragment or trailing slash, then the name", () => {
    expect(authorKey(person({ id: "100012345", url: "https://facebook.com/x", name: "An" }))).toBe("id:100012345");
    expect(authorKey(person({ url: "https://www.Facebook.com/lan.anh/", name: "Lan Anh" }))).toBe("url:facebook.com/lan.anh");
    expect(authorKey(person({ url: "http://m.facebook.com/profile.php?id=42#about" }))).toBe("url:facebook.com/profile.php?id=42");
    expect(authorKey(person({ url: "https://www.youtube.com/channel/UCabcDEF" }))).toBe("url:youtube.com/channel/UCabcDEF");
    expect(authorKey(person({ name: "  Minh   Hà " }))).toBe("name:Minh Hà");
    expect(authorKey(person({ id: "", name: "" }))).toBeNull();
    expect(authorKey(null)).toBeNull();
    expect(profileUrlKey("javascript:alert(1)")).toBeNull();
  });

  test("the profile keeps the raw job beside its category, and only age ranges the API knows", () => {
    const profile = profileOf(
      person({ id: "u", name: "Lê Hồng", followers: 1200, location: "Hà Nội", job: "Giáo viên mầm non", ageRange: "25-34" }),
    )!;
    expect(profile).toMatchObject({
      platform: "facebook",
      key: "id:u",
      name: "Lê Hồng",
      followers: 1200,
      job: "Giáo viên mầm non",
      jobCategory: "teacher",
      ageRange: "25-34",
      province: "ha-noi",
    });
    expect(profileOf(person({ id: "u", ageRange: "khoảng 30" }))!.ageRange).toBeNull();
  });
});
