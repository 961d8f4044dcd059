import { expect, test } from "vitest";
import { publicPageRef } from "./public-page-ref.ts";

test("a Page's id, username or address on facebook.com names the Page", () => {
  expect(publicPageRef("104857392817465")).toBe("104857392817465");
  expect(publicPageRef("  trungnguyenlegend ")).toBe("trungnguyenlegend");
  expect(publicPageRef("https://www.facebook.com/highlandscoffeevietnam/")).toBe("highlandscoffeevietnam");
  expect(publicPageRef("facebook.com/highlandscoffeevietnam/posts/123")).toBe("highlandscoffeevietnam");
  expect(publicPageRef("https://m.facebook.com/profile.php?id=100064871234567")).toBe("100064871234567");
  expect(publicPageRef("https://www.facebook.com/people/Ph%E1%BB%9F-Th%C3%ACn/100083456789012/")).toBe("100083456789012");
});

test("what is not a Page is refused: groups, events, other sites, Vietnamese words", () => {
  expect(publicPageRef("https://www.facebook.com/groups/reviewanuong")).toBeNull();
  expect(publicPageRef("https://www.facebook.com/events/123456789")).toBeNull();
  expect(publicPageRef("https://www.tiktok.com/@highlandscoffee")).toBeNull();
  expect(publicPageRef("Cà phê Trung Nguyên")).toBeNull();
  expect(publicPageRef("abc")).toBeNull();
  expect(publicPageRef("https://www.facebook.com/%E0%A4%A/")).toBeNull();
});
