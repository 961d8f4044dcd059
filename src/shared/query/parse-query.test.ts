import { describe, expect, it } from "vitest";
import { explainQuery, queryErrorMessage } from "./explain-query.ts";
import { parseQuery } from "./parse-query.ts";
import { QueryError } from "./query-ast.ts";

const failure = (query: string) => {
  try {
    parseQuery(query);
  } catch (error) {
    if (error instanceof QueryError) return { code: error.code, position: error.position };
    throw error;
  }
  throw new Error(`${query} parsed`);
};

describe("the grammar", () => {
  it("OR binds looser than AND, AND looser than NOT, NEAR tighter than all", () => {
    expect(parseQuery("Vinamilk OR VNM AND sữa")).toEqual({
      kind: "or",
      items: [
        { kind: "term", text: "Vinamilk", field: "text", at: 0 },
        {
          kind: "and",
          items: [
            { kind: "term", text: "VNM", field: "text", at: 12 },
            { kind: "term", text: "sữa", field: "text", at: 20 },
          ],
        },
      ],
    });
    const near = parseQuery("Vinamilk AND NOT sữa NEAR/3 tươi");
    expect(near).toMatchObject({
      kind: "and",
      items: [{ kind: "term" }, { kind: "not", item: { kind: "near", distance: 3, ordered: false } }],
    });
  });

  it("words side by side are one phrase, as a Vietnamese word has several syllables; quotes keep operators as words", () => {
    expect(parseQuery("sữa tươi Vinamilk")).toEqual({ kind: "term", text: "sữa tươi Vinamilk", field: "text", at: 0 });
    expect(parseQuery('"AND or NOT"')).toMatchObject({ kind: "term", text: "AND or NOT" });
    expect(parseQuery("bánh mì or phở")).toMatchObject({ kind: "term", text: "bánh mì or phở" });
  });

  it("fields: title: a phrase, channel: a slug, site: a domain without www", () => {
    expect(parseQuery('title:"Hòa Phát" AND channel:facebook AND site:www.VnExpress.net')).toEqual({
      kind: "and",
      items: [
        { kind: "term", text: "Hòa Phát", field: "title", at: 6 },
        { kind: "channel", slug: "facebook", at: 21 },
        { kind: "site", domain: "vnexpress.net", at: 42 },
      ],
    });
  });

  it.each([
    ["", "empty", 0],
    ['"Vinamilk', "unclosed_quote", 0],
    ["(Vinamilk OR VNM", "unclosed_paren", 0],
    ["Vinamilk AND", "missing_operand", 12],
    ["Vinamilk OR OR VNM", "missing_operand", 12],
    ['"Vinamilk" "VNM"', "missing_operator", 11],
    ["Vinamilk )", "unexpected", 9],
    ["(Vinamilk AND VNM) NEAR/5 sữa", "near_operand", 19],
    ["Vinamilk NEAR/0 sữa", "bad_distance", 9],
    ["Vinamilk NEAR/x sữa", "bad_distance", 9],
    ["Vinamilk NEAR/51 sữa", "bad_distance", 9],
    ["a NEAR/2 b NEAR/2 c", "near_operand", 11],
    ["Vinamilk AND channel:myspace", "unknown_channel", 21],
    ["Vinamilk AND title:", "empty_field", 13],
    ["NOT Vinamilk", "no_positive_term", 0],
    ["channel:facebook", "no_positive_term", 0],
    ["Vinamilk OR NOT sữa", "no_positive_term", 0],
    ["((((((Vinamilk))))))", "too_deep", 5],
  ])("%j is refused: %s at %i", (query, code, position) => {
    expect(failure(query)).toEqual({ code, position });
  });

  it("limits: length and number of terms", () => {
    expect(failure("a".repeat(1001))).toEqual({ code: "too_long", position: 1000 });
    const terms = Array.from({ length: 31 }, (_, i) => `từ${i}`).join(" OR ");
    expect(failure(terms).code).toBe("too_many_terms");
  });
});

describe("explained back in plain words", () => {
  it("in Vietnamese and English", () => {
    const query = parseQuery('(Vinamilk OR VNM) AND sữa NEAR/5 tươi AND NOT "cổ phiếu" AND channel:facebook');
    expect(explainQuery(query, "vi")).toBe("(“Vinamilk” hoặc “VNM”), “sữa” trong vòng 5 từ với “tươi”, không có “cổ phiếu”, trên Facebook");
    expect(explainQuery(query, "en")).toBe("(“Vinamilk” or “VNM”), “sữa” within 5 words of “tươi”, without “cổ phiếu”, on Facebook");
    expect(explainQuery(parseQuery("title:Grab ONEAR/2 Food"), "vi")).toBe("“Grab” trong tiêu đề, sau đó trong vòng 2 từ là “Food”");
  });

  it("an error says where, counting from 1", () => {
    const error = new QueryError("unclosed_paren", 4);
    expect(queryErrorMessage(error, "vi")).toBe("Dấu ngoặc đơn chưa được đóng (ở vị trí 5)");
    expect(queryErrorMessage(new QueryError("bad_distance", 9), "en")).toBe(
      "The distance of NEAR/ONEAR must be from 1 to 50 (at position 10)",
    );
  });
});

describe("NEAR between alternatives", () => {
  it("takes a term or terms joined by OR on each side, and explains them so", () => {
    const query = parseQuery("(Vinamilk OR VNM) NEAR/5 sữa");
    expect(query).toMatchObject({ kind: "near", left: [{ text: "Vinamilk" }, { text: "VNM" }], right: [{ text: "sữa" }] });
    expect(explainQuery(query, "vi")).toBe("“Vinamilk” hoặc “VNM” trong vòng 5 từ với “sữa”");
  });
});
