import { expect, test } from "vitest";
import { escapeHtml, sanitizeMarkup } from "./sanitize.ts";

test("simple emphasis survives, scripts and attributes do not", () => {
  expect(sanitizeMarkup("Dự án <b>Vinamilk</b> chưa có dữ liệu")).toBe("Dự án <b>Vinamilk</b> chưa có dữ liệu");
  expect(sanitizeMarkup('<img src=x onerror="alert(1)"><script>alert(1)</script>')).toBe(
    "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;",
  );
  expect(sanitizeMarkup('<b onclick="x()">a</b>')).toBe("&lt;b onclick=&quot;x()&quot;&gt;a</b>");
  expect(escapeHtml("<b>Sữa & Bò</b>")).toBe("&lt;b&gt;Sữa &amp; Bò&lt;/b&gt;");
});
