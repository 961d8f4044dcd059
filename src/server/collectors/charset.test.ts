import { describe, expect, it } from "vitest";
import { decodeText, detectCharset } from "./charset";

const ascii = (text: string) => new TextEncoder().encode(text);

describe("detectCharset", () => {
  it("prefers a byte order mark, then the Content-Type charset", () => {
    expect(detectCharset(Uint8Array.of(0xef, 0xbb, 0xbf, 0x3c), "text/xml; charset=windows-1258")).toBe("utf-8");
    expect(detectCharset(ascii('<?xml version="1.0" encoding="utf-8"?><rss/>'), 'text/xml; charset="Windows-1258"')).toBe("windows-1258");
  });

  it("falls back to the XML declaration, then <meta>, then UTF-8", () => {
    expect(detectCharset(ascii("<?xml version='1.0' encoding='ISO-8859-1'?>\n<rss/>"), "application/rss+xml")).toBe("iso-8859-1");
    expect(detectCharset(ascii('<html><head><meta charset="windows-1258"></head></html>'), "text/html")).toBe("windows-1258");
    expect(detectCharset(ascii('<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">'), null)).toBe("windows-1252");
    expect(detectCharset(ascii("<rss/>"), null)).toBe("utf-8");
  });
});

describe("decodeText", () => {
  it("decodes windows-1258, whose tone marks are combining characters", () => {
    // "Việt Nam": ê (0xEA) followed by the combining dot below (0xF2)
    const bytes = Uint8Array.of(0x56, 0x69, 0xea, 0xf2, 0x74, 0x20, 0x4e, 0x61, 0x6d);
    expect(decodeText(bytes, "text/html; charset=windows-1258").normalize("NFC")).toBe("Việt Nam");
  });

  it("reads valid UTF-8 as UTF-8 even when mislabelled ISO-8859-1", () => {
    expect(decodeText(new TextEncoder().encode("Vinamilk tăng trưởng"), "text/xml; charset=ISO-8859-1")).toBe("Vinamilk tăng trưởng");
  });

  it("decodes ISO-8859-1 and treats an unknown label as UTF-8", () => {
    expect(decodeText(Uint8Array.of(0x43, 0xe0, 0x20, 0x4d, 0xe2, 0x75), "text/plain; charset=iso-8859-1")).toBe("Cà Mâu");
    expect(decodeText(ascii("Hà Nội"), "text/plain; charset=x-no-such-charset")).toBe("Hà Nội");
  });
});
