import { expect, test } from "vitest";
import { dedupKey, normalizeUrl } from "./dedup-key.ts";

test("tracking parameters, www, case, fragments and trailing slashes do not make a new document", () => {
  const a = normalizeUrl("https://www.VnExpress.net/vinamilk-bao-lai-quy-3-4812345.html?utm_source=facebook&fbclid=abc#box");
  const b = normalizeUrl("http://vnexpress.net/vinamilk-bao-lai-quy-3-4812345.html");
  expect(a).toBe(b);
  expect(normalizeUrl("https://tuoitre.vn/a/?b=2&a=1")).toBe(normalizeUrl("https://tuoitre.vn/a?a=1&b=2"));
  expect(normalizeUrl("https://tuoitre.vn/a?id=1")).not.toBe(normalizeUrl("https://tuoitre.vn/a?id=2"));
});

test("the provider id wins over the URL; channels do not share keys", () => {
  expect(dedupKey({ channel: 5, externalId: "dQw4w9WgXcQ", url: "https://youtube.com/watch?v=x" })).toBe("5:id:dQw4w9WgXcQ");
  expect(dedupKey({ channel: 2, externalId: null, url: "https://a.vn/x" })).not.toBe(
    dedupKey({ channel: 3, externalId: null, url: "https://a.vn/x" }),
  );
});
