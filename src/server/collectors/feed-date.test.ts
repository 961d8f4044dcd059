import { describe, expect, it } from "vitest";
import { parseFeedDate } from "./feed-date";

const iso = (text: string) => parseFeedDate(text)?.toISOString() ?? null;

describe("parseFeedDate", () => {
  it("reads RFC 822 dates with numeric or named zones", () => {
    expect(iso("Fri, 21 Nov 2025 09:30:00 +0700")).toBe("2025-11-21T02:30:00.000Z");
    expect(iso("Fri, 21 Nov 2025 01:15:00 GMT")).toBe("2025-11-21T01:15:00.000Z");
    expect(iso("21 Nov 25 09:30 ICT")).toBe("2025-11-21T02:30:00.000Z");
    expect(iso("Thứ sáu, 21 Nov 2025 09:30:00")).toBe("2025-11-21T02:30:00.000Z");
    expect(iso("Fri, 21 Nov 2025 09:30:00 GMT+7")).toBe("2025-11-21T02:30:00.000Z");
    expect(iso("Fri, 21 Nov 2025 09:30:00 UTC+07:00")).toBe("2025-11-21T02:30:00.000Z");
  });

  it("reads ISO 8601 dates, taking a missing zone as Vietnam time", () => {
    expect(iso("2025-11-20T19:32:11-07:00")).toBe("2025-11-21T02:32:11.000Z");
    expect(iso("2025-11-21T07:30:00Z")).toBe("2025-11-21T07:30:00.000Z");
    expect(iso("2025-11-21 09:30:00")).toBe("2025-11-21T02:30:00.000Z");
  });

  it("reads Vietnamese dd/mm/yyyy dates", () => {
    expect(iso("21/11/2025 07:05")).toBe("2025-11-21T00:05:00.000Z");
    expect(iso("1/2/2025")).toBe("2025-01-31T17:00:00.000Z");
  });

  it("rejects what is not a date", () => {
    for (const text of ["", "hôm qua", "31/02/2025", "Fri, 21 Foo 2025 09:30:00 GMT", "2025-13-01", "21 Nov 2025 09:30 XYZ"])
      expect(iso(text)).toBeNull();
    expect(parseFeedDate(null)).toBeNull();
  });
});
