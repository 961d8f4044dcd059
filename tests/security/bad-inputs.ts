/** Inputs an attacker or a broken client sends, by kind. Each must end in a 4xx envelope, never a 5xx. */

const deepJson = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

export const BAD_STRINGS: unknown[] = [
  "\u0000",
  "Vinamilk\u0000",
  "\ud800",
  "Sữa \udfff tươi",
  "\u0007\u001b[31m",
  "x".repeat(100_000),
  "",
  "   ",
  "'; drop table mentions; --",
  "<script>alert(1)</script>",
  "𝟘𝟙𝟚 \u202e",
  "javascript:alert(1)",
];

export const BAD_NUMBERS: unknown[] = [1e308, -1e308, 2 ** 63, -(2 ** 63), 2 ** 31, -1, 0, 1.5, "1e308", "NaN", true, null];

export const BAD_DATES = ["2026-13-45", "2026-11-00", "0000-00-00", "2026-02-30", "0001-01-01", "9999-12-31", "2026-1-1", "20261122"];

/** Values for query strings and path segments (already strings; sent URL-encoded). */
export const BAD_QUERY_VALUES = [
  "\u0000",
  "1\u0000",
  "\ud800",
  "-1",
  "0",
  "99999999999999999999",
  "1e308",
  "1.5",
  "abc",
  "1,1,1,,-5,abc",
  "x".repeat(20_000),
  ...BAD_DATES,
];

/** Raw path segments, sent as they are (some are broken percent-encodings on purpose). */
export const BAD_PATH_SEGMENTS = [
  "%00",
  "%ED%A0%80",
  "%",
  "%zz",
  "-1",
  "0",
  "99999999999999999999",
  "1e308",
  "abc",
  "..%2F..%2Fetc%2Fpasswd",
  "x".repeat(5_000),
];

/** Whole request bodies that are not what any JSON route expects. */
export const BAD_BODIES: { contentType: string; body: string }[] = [
  { contentType: "application/json", body: "" },
  { contentType: "application/json", body: "{" },
  { contentType: "application/json", body: "null" },
  { contentType: "application/json", body: "[]" },
  { contentType: "application/json", body: "123" },
  { contentType: "application/json", body: '"\\u0000"' },
  { contentType: "application/json", body: '{"a":"\\ud800"}' },
  { contentType: "application/json", body: deepJson(100_000) },
  { contentType: "application/json", body: `{"a":${deepJson(5_000)}}` },
  { contentType: "application/json", body: `{"project_id":1${"0".repeat(400)}}` },
  { contentType: "application/json", body: '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}' },
  { contentType: "text/plain", body: "hello" },
  { contentType: "multipart/form-data; boundary=x", body: '--x\r\nContent-Disposition: form-data; name="avatar"\r\n\r\nabc' },
  { contentType: "multipart/form-data", body: "garbage" },
  {
    contentType: "multipart/form-data; boundary=zz",
    body: '--zz\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0000\u0000--zz--',
  },
  { contentType: "application/x-www-form-urlencoded", body: "a=%00&b=%ZZ" },
];

/** A value of every other type, for type confusion. */
export const WRONG_TYPES: unknown[] = [{}, [], [[[]]], { length: 1e9 }, "1", 1, false, null];

export function badValuesFor(jsonType: string | undefined): unknown[] {
  if (jsonType === "string") return [...BAD_STRINGS, ...BAD_DATES.slice(0, 3), ...WRONG_TYPES];
  if (jsonType === "integer" || jsonType === "number") return [...BAD_NUMBERS, ...WRONG_TYPES];
  if (jsonType === "array") {
    return [
      BAD_STRINGS,
      BAD_NUMBERS,
      Array.from({ length: 10_000 }, (_, i) => i),
      Array.from({ length: 3_000 }, () => "Vinamilk"),
      [[["\u0000"]]],
      ...WRONG_TYPES,
    ];
  }
  return [...BAD_STRINGS.slice(0, 4), ...BAD_NUMBERS.slice(0, 4), ...WRONG_TYPES];
}
