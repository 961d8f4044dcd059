import { describe, expect, test } from "vitest";
import { safeReturnPath, withReturnPath } from "./return-path.ts";

describe("safeReturnPath", () => {
  test("keeps dashboard deep links of this site, in both languages, with their query and fragment", () => {
    expect(safeReturnPath("/crisis-management/42")).toBe("/crisis-management/42");
    expect(safeReturnPath("/en/crisis-management/42")).toBe("/en/crisis-management/42");
    expect(safeReturnPath("/mention?start_date=2026-11-01&q=s%E1%BB%AFa%20t%C6%B0%C6%A1i#top")).toBe(
      "/mention?start_date=2026-11-01&q=s%E1%BB%AFa%20t%C6%B0%C6%A1i#top",
    );
    expect(safeReturnPath("/overview")).toBe("/overview");
    expect(safeReturnPath("/en/project-setting/notify")).toBe("/en/project-setting/notify");
  });

  test.each([
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "https://evil.example/overview",
    "http:/evil.example",
    "javascript:alert(1)",
    "/javascript:alert(1)",
    "JaVaScRiPt:alert(document.cookie)",
    "data:text/html,<script>alert(1)</script>",
    "/%2F%2Fevil.example",
    "/%2fevil.example",
    "%2F%2Fevil.example",
    "/%5Cevil.example",
    "/%252F%252Fevil.example",
    "/%25252F%25252Fevil.example",
    "/\t/evil.example",
    "/%09/evil.example",
    "/ /evil.example",
    "/\n/evil.example",
    "/overview/../..//evil.example",
    "/overview/%2e%2e/%2e%2e//evil.example",
    "/%E0%A4%A",
    "evil.example",
    "",
    "/login",
    "/en/register",
    "/api/user/logout",
    "/landingpage",
    `/overview/${"a".repeat(2100)}`,
  ])("refuses %j", (attack) => {
    expect(safeReturnPath(attack)).toBeNull();
  });

  test("a missing value is no return path", () => {
    expect(safeReturnPath(null)).toBeNull();
  });
});

describe("withReturnPath", () => {
  test("carries the page through the sign-in pages of the same language", () => {
    expect(withReturnPath("vi", "/login", "/crisis-management/42")).toBe("/login?next=%2Fcrisis-management%2F42");
    expect(withReturnPath("en", "/register", "/en/crisis-management/42")).toBe("/en/register?next=%2Fen%2Fcrisis-management%2F42");
    expect(withReturnPath("en", "/login", null)).toBe("/en/login");
  });
});
