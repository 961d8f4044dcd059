import { describe, expect, it } from "vitest";
import { parseQuery } from "../../shared/query/parse-query.ts";
import { compileQuery, type QueryDocument } from "./query-match.ts";

const post = (content: string, over: Partial<QueryDocument> = {}): QueryDocument => ({
  title: null,
  content,
  channel: "facebook",
  site: null,
  ...over,
});
const holds = (query: string, document: QueryDocument) => compileQuery(parseQuery(query))(document) !== null;

describe("an advanced query over a document", () => {
  it("AND, OR and NOT with the keywords' Vietnamese rules: no diacritics, either tone-mark placement", () => {
    const query = '(Vinamilk OR VNM) AND NOT "cổ phiếu"';
    expect(holds(query, post("Sữa Vinamilk ít đường, bé uống hợp lắm"))).toBe(true);
    expect(holds(query, post("co phieu VNM giam san"))).toBe(false);
    expect(holds("Hòa Phát AND thép", post("Thép Hoà Phát lại tăng giá"))).toBe(true);
    expect(holds("Hòa Phát AND thép", post("Hoà Phát báo lãi quý 3"))).toBe(false);
  });

  it("NEAR/n counts the syllables between, in either order; ONEAR/n only in the written order", () => {
    const text = "Vinamilk vừa ra mắt dòng sữa tươi mới";
    // Between "Vinamilk" and "sữa": vừa ra mắt dòng = 4 syllables.
    expect(holds("Vinamilk NEAR/4 sữa", post(text))).toBe(true);
    expect(holds("Vinamilk NEAR/3 sữa", post(text))).toBe(false);
    expect(holds("sữa NEAR/4 Vinamilk", post(text))).toBe(true);
    expect(holds("Vinamilk ONEAR/4 sữa", post(text))).toBe(true);
    expect(holds("sữa ONEAR/4 Vinamilk", post(text))).toBe(false);
    // A multi-syllable term is one span: "sữa tươi" right after "dòng".
    expect(holds('dòng NEAR/1 "sữa tươi"', post(text))).toBe(true);
  });

  it("title: looks only in the title; channel: and site: read where the document comes from", () => {
    const article = post("Grab công bố mở rộng dịch vụ giao đồ ăn tại Đà Nẵng", {
      title: "Thị trường gọi xe cạnh tranh gay gắt",
      channel: "news",
      site: "tuoitre.vn",
    });
    expect(holds("title:Grab", article)).toBe(false);
    expect(holds("title:gọi xe AND Grab", article)).toBe(true);
    expect(holds("Grab AND channel:news AND site:tuoitre.vn", article)).toBe(true);
    expect(holds("Grab AND channel:facebook", article)).toBe(false);
    expect(holds("Grab AND site:vnexpress.net", article)).toBe(false);
  });

  it("gives the terms found when the query holds, as the keyword matcher gives keywords", () => {
    const found = compileQuery(parseQuery("Vinamilk NEAR/5 sữa"))(post("Vinamilk ra mắt sữa hạt"));
    expect(found).toEqual([
      { keyword: "Vinamilk", start: 0, end: 8 },
      { keyword: "sữa", start: 16, end: 19 },
    ]);
  });
});

describe("NEAR between alternatives", () => {
  it("holds when any term of one side is near any of the other", () => {
    expect(holds("(Vinamilk OR VNM) NEAR/2 sữa", post("Cổ đông VNM mua sữa tươi"))).toBe(true);
    expect(holds("(Vinamilk OR VNM) NEAR/2 sữa", post("VNM tăng trần hôm nay, còn giá sữa bột thì đứng yên"))).toBe(false);
  });
});
