import { describe, expect, it } from "vitest";
import { brandWindows, MAX_WINDOW_LENGTH } from "./brand-windows";
import { buildMatcher } from "./match";

/** The windows of each project (id → keywords) in a document, with spans from the real keyword matcher. */
function windowsOf(projects: Record<number, string[]>, title: string | null, content: string) {
  const text = title ? `${title}\n${content}` : content;
  const matcher = buildMatcher(Object.entries(projects).map(([id, keywords]) => ({ projectId: id, keywords })));
  const spans = matcher.match(text).map((m) => ({ owner: Number(m.projectId), start: m.start, end: m.end }));
  return { text, windows: brandWindows(text, spans, title?.length ?? 0) };
}

describe("brandWindows on one sentence naming two brands", () => {
  it("gives a recalled brand its recall and the competitor parents switch to their own clause", () => {
    const { windows } = windowsOf(
      { 1: ["Abbott", "Similac"], 2: ["Vinamilk"] },
      null,
      "Sữa Similac bị thu hồi, nhiều phụ huynh chuyển sang dùng sữa Vinamilk cho con.",
    );
    expect(windows(1)).toBe("Sữa Similac bị thu hồi");
    expect(windows(2)).toBe("nhiều phụ huynh chuyển sang dùng sữa Vinamilk cho con.");
  });

  it("splits a comparison at the clause between the two brands", () => {
    const { windows } = windowsOf(
      { 1: ["Viettel"], 2: ["MobiFone"] },
      null,
      "Khách hàng phàn nàn về dịch vụ của Viettel, trong khi MobiFone được khen ngợi vì hỗ trợ nhanh.",
    );
    expect(windows(1)).toBe("Khách hàng phàn nàn về dịch vụ của Viettel");
    expect(windows(2)).toBe("trong khi MobiFone được khen ngợi vì hỗ trợ nhanh.");
  });

  it("gives the clauses between two brands to the first one, the subject", () => {
    const { windows } = windowsOf(
      { 1: ["Microsoft"], 2: ["Google"] },
      null,
      "Microsoft phát hành bản vá lỗ hổng WPA2, nhiều máy Android bị tấn công nhưng Google bảo từ từ",
    );
    expect(windows(1)).toBe("Microsoft phát hành bản vá lỗ hổng WPA2");
    expect(windows(2)).toBe("nhiều máy Android bị tấn công nhưng Google bảo từ từ");
  });

  it("keeps a list of brands whole: they share what the sentence says", () => {
    const sentence = "Sabeco, Habeco và Heineken vi phạm quy định về minh bạch tài chính";
    const { windows } = windowsOf({ 1: ["Sabeco"], 2: ["Habeco"], 3: ["Heineken"] }, null, sentence);
    expect([windows(1), windows(2), windows(3)]).toEqual([sentence, sentence, sentence]);
    const withOtherNames = "Facebook, WhatsApp, Google sắp gặp khó ở châu Âu";
    expect(windowsOf({ 1: ["Facebook"], 2: ["Google"] }, null, withOtherNames).windows(1)).toBe(withOtherNames);
  });

  it("does not leave a brand with nothing but its name", () => {
    const sentence = "JD.com - công ty Trung Quốc rót vốn vào Tiki lớn cỡ nào?";
    const { windows } = windowsOf({ 1: ["JD.com"], 2: ["Tiki"] }, null, sentence);
    expect([windows(1), windows(2)]).toEqual([sentence, sentence]);
  });

  it("treats projects watching the same keyword as one brand", () => {
    const { windows } = windowsOf(
      { 1: ["Vinamilk"], 2: ["Vinamilk", "sữa tươi"], 3: ["TH true milk"] },
      null,
      "Vinamilk bị phạt vì quảng cáo sai, TH true milk được khen",
    );
    expect(windows(1)).toBe("Vinamilk bị phạt vì quảng cáo sai");
    expect(windows(2)).toBe("Vinamilk bị phạt vì quảng cáo sai");
    expect(windows(3)).toBe("TH true milk được khen");
  });
});

describe("brandWindows on news with a title", () => {
  const title = "Phát hiện dị vật trong hộp sữa, phụ huynh hoang mang";
  const content =
    "Nhiều phụ huynh ở Hà Nội phản ánh sản phẩm có mùi lạ. Đại diện Sữa Mộc Lan cho biết đang kiểm tra lô hàng. " +
    "Cơ quan quản lý đã lấy mẫu để xét nghiệm. Trong khi đó, doanh số của NutriViệt tăng mạnh trong tuần.";

  it("reads a title naming no brand with each brand's sentences", () => {
    const { windows } = windowsOf({ 1: ["Sữa Mộc Lan"], 2: ["NutriViệt"] }, title, content);
    expect(windows(1)).toBe(`${title}\nĐại diện Sữa Mộc Lan cho biết đang kiểm tra lô hàng.`);
    expect(windows(2)).toBe(`${title}\nTrong khi đó, doanh số của NutriViệt tăng mạnh trong tuần.`);
  });

  it("leaves out a title that names only another brand", () => {
    const { windows } = windowsOf(
      { 1: ["Similac"], 2: ["Vinamilk"] },
      "Abbott thu hồi sữa Similac tại Việt Nam",
      "Lô hàng bị thu hồi do nguy cơ nhiễm khuẩn. Nhiều phụ huynh chuyển sang các dòng sữa Vinamilk trong lúc chờ.",
    );
    expect(windows(1)).toBe("Abbott thu hồi sữa Similac tại Việt Nam");
    expect(windows(2)).toBe("Nhiều phụ huynh chuyển sang các dòng sữa Vinamilk trong lúc chờ.");
  });

  it("reads the title alone when the keyword is in the title only", () => {
    const { windows } = windowsOf(
      { 1: ["Highlands Coffee"] },
      "Highlands Coffee bị phạt vì vi phạm an toàn thực phẩm",
      "Đoàn kiểm tra phát hiện nhiều sai phạm tại cửa hàng. Mức phạt là 40 triệu đồng. Cửa hàng phải tạm dừng kinh doanh.",
    );
    expect(windows(1)).toBe("Highlands Coffee bị phạt vì vi phạm an toàn thực phẩm");
  });

  it("reads a long article's one paragraph about the brand, at most three sentences of the body", () => {
    const filler = Array.from({ length: 40 }, (_, i) => `Thị trường bán lẻ tháng ${i + 1} có nhiều biến động về giá.`).join(" ");
    const paragraph = [
      "Vinamilk công bố lợi nhuận quý ba tăng 12%.",
      "Cổ phiếu Vinamilk tăng trần ngay sau đó.",
      "Lãnh đạo Vinamilk cho biết sẽ mở thêm nhà máy.",
      "Vinamilk cũng tăng cổ tức cho cổ đông.",
    ].join(" ");
    const { text, windows } = windowsOf({ 1: ["Vinamilk"] }, "Toàn cảnh thị trường tiêu dùng quý ba", `${filler}\n${paragraph}\n${filler}`);
    expect(windows(1)).toBe(
      [
        "Toàn cảnh thị trường tiêu dùng quý ba",
        "Vinamilk công bố lợi nhuận quý ba tăng 12%.",
        "Cổ phiếu Vinamilk tăng trần ngay sau đó.",
        "Lãnh đạo Vinamilk cho biết sẽ mở thêm nhà máy.",
      ].join("\n"),
    );
    expect(text.length).toBeGreaterThan(10 * windows(1).length);
  });
});

describe("brandWindows on how people type", () => {
  it("finds the brand's clause in text typed without diacritics", () => {
    const { windows } = windowsOf(
      { 1: ["Sữa Mộc Châu"], 2: ["TH true milk"] },
      null,
      "sua moc chau dao nay uong bi dau bung, chuyen qua th true milk thay on hon",
    );
    expect(windows(1)).toBe("sua moc chau dao nay uong bi dau bung");
    expect(windows(2)).toBe("chuyen qua th true milk thay on hon");
  });

  it("finds the brand whichever tone-mark placement the text uses (Hoà Phát, Hòa Phát)", () => {
    const projects = { 1: ["Hòa Phát"], 2: ["Hoa Sen"] };
    for (const name of ["Hoà Phát", "Hòa Phát"]) {
      const { windows } = windowsOf(projects, null, `Thép ${name} xuất khẩu tăng mạnh, Hoa Sen lỗ quý thứ ba liên tiếp`);
      expect(windows(1)).toBe(`Thép ${name} xuất khẩu tăng mạnh`);
      expect(windows(2)).toBe("Hoa Sen lỗ quý thứ ba liên tiếp");
    }
  });

  it("keeps a lowercase sentence going after an ellipsis, and cuts it between brands there", () => {
    const { windows } = windowsOf({ 1: ["Grab"], 2: ["Be"] }, null, "Grab dạo này tăng giá quá... mình chuyển sang Be thấy rẻ hơn nhiều");
    expect(windows(1)).toBe("Grab dạo này tăng giá quá");
    expect(windows(2)).toBe("mình chuyển sang Be thấy rẻ hơn nhiều");
  });

  it("cuts a post without punctuation to a window around the brand", () => {
    const words = Array.from({ length: 150 }, (_, i) => `chữ${i}`);
    words.splice(100, 0, "Shopee", "giao", "hàng", "chậm");
    const { windows } = windowsOf({ 1: ["Shopee"], 2: ["Lazada"] }, null, `${words.join(" ")}. Lazada thì ổn.`);
    expect(windows(1).length).toBeLessThanOrEqual(MAX_WINDOW_LENGTH);
    expect(windows(1)).toContain("Shopee giao hàng chậm");
    expect(windows(1)).not.toContain("Lazada");
  });
});

describe("brandWindows falls back to the whole text", () => {
  it("for a brand without a span", () => {
    const { text, windows } = windowsOf({ 1: ["Vinamilk"] }, null, "Vinamilk ra mắt sữa mới. Giá bán chưa công bố.");
    expect(windows(7)).toBe(text);
  });

  it("when the brand's windows are the whole text, as the same string", () => {
    const { text, windows } = windowsOf({ 1: ["Vinamilk"] }, "Vinamilk ra mắt sữa hạt", "Sản phẩm của Vinamilk có ba vị.");
    expect(windows(1)).toBe(text);
  });
});
