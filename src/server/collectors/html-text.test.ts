import { describe, expect, it } from "vitest";
import { decodeEntities } from "./html-entities";
import { htmlToText, plainText } from "./html-text";

describe("htmlToText", () => {
  it("drops tags, scripts and comments, keeping blocks on their own lines", () => {
    const html = '<p>Vinamilk <b>tăng</b> giá</p><!-- ad --><script>var a = "<p>";</script><div>Dòng&nbsp;hai<br/>Dòng ba</div>';
    expect(htmlToText(html)).toBe("Vinamilk tăng giá\nDòng hai\nDòng ba");
  });

  it("keeps a literal '<' that is not a tag and decodes entities after stripping", () => {
    expect(htmlToText("Lãi suất < 5% &amp; phí &lt;b&gt;")).toBe("Lãi suất < 5% & phí <b>");
  });

  it("returns NFC text from decomposed input", () => {
    expect(htmlToText("Vie\u0302\u0323t Nam")).toBe("Việt Nam");
  });
});

describe("decodeEntities", () => {
  it("decodes numeric, Latin-1 and Vietnamese named references and leaves unknown ones", () => {
    expect(decodeEntities("Vi&#7879;t &#x110;&agrave; N&#7861;ng &dstrok;&abreve; &hellip; &foo; &#0;")).toBe(
      "Việt Đà Nẵng đă … &foo; &#0;",
    );
  });

  it("plainText collapses spaces and trims lines", () => {
    expect(plainText("  Vietjet\t  &quot;giá rẻ&quot;  \n\n  Bali ")).toBe('Vietjet "giá rẻ"\nBali');
  });
});
