import { describe, expect, it } from "vitest";
import { buildMatcher, matchKeywords } from "./match";
import { nfc } from "./normalize";

/** "keyword=matched text" for every match, so each case checks the offsets too. */
function found(keywords: string[], text: string): string[] {
  const source = nfc(text);
  return matchKeywords(keywords, text).map((m) => `${m.keyword}=${source.slice(m.start, m.end)}`);
}

type Case = [text: string, keywords: string[], expected: string[]];

describe("matchKeywords on real-life sentences", () => {
  const cases: Case[] = [
    // plain mentions, case-insensitive
    ["Vinamilk công bố lợi nhuận quý 3 tăng 12%, cổ phiếu VNM tăng trần", ["Vinamilk", "VNM"], ["Vinamilk=Vinamilk", "VNM=VNM"]],
    ["Uống sữa tươi Vinamilk từ nhỏ, giờ vẫn thấy ngon nhất", ["sữa tươi", "Vinamilk"], ["sữa tươi=sữa tươi", "Vinamilk=Vinamilk"]],
    ["VIETCOMBANK TRỪ TIỀN VÔ LÝ, AI BỊ GIỐNG EM KHÔNG???", ["Vietcombank", "trừ tiền"], ["Vietcombank=VIETCOMBANK", "trừ tiền=TRỪ TIỀN"]],
    [
      "Vietcombank thông báo tăng lãi suất tiết kiệm kỳ hạn 12 tháng",
      ["vietcombank", "lãi suất"],
      ["vietcombank=Vietcombank", "lãi suất=lãi suất"],
    ],
    ["Masan Consumer chia cổ tức bằng tiền mặt", ["Masan"], ["Masan=Masan"]],
    ["Mobifone mất sóng cả buổi sáng ở Cầu Giấy", ["Mobifone", "mất sóng"], ["Mobifone=Mobifone", "mất sóng=mất sóng"]],
    [
      "Tôi đang dùng Techcombank, Vietcombank và VPBank",
      ["VPBank", "Techcombank", "Vietcombank"],
      ["Techcombank=Techcombank", "Vietcombank=Vietcombank", "VPBank=VPBank"],
    ],
    [
      "Techcombank miễn phí chuyển khoản trọn đời cho khách hàng mới",
      ["Techcombank", "chuyển khoản"],
      ["Techcombank=Techcombank", "chuyển khoản=chuyển khoản"],
    ],
    ["Cảm ơn Grab!", ["Grab"], ["Grab=Grab"]],
    [
      "Vietjet lại delay 3 tiếng, bay Vietjet Air mệt mỏi quá",
      ["Vietjet", "Vietjet Air"],
      ["Vietjet=Vietjet", "Vietjet=Vietjet", "Vietjet Air=Vietjet Air"],
    ],
    ["Nạp tiền qua MoMo được hoàn 50k, ví MoMo xịn thật", ["MoMo"], ["MoMo=MoMo", "MoMo=MoMo"]],
    // text typed without diacritics
    ["sua tuoi vinamilk co duong hay khong duong ngon hon moi nguoi", ["sữa tươi Vinamilk"], ["sữa tươi Vinamilk=sua tuoi vinamilk"]],
    ["bach hoa xanh gan nha minh dong cua roi", ["Bách Hóa Xanh"], ["Bách Hóa Xanh=bach hoa xanh"]],
    ["trung nguyen g7 uong hoai khong chan", ["Trung Nguyên", "G7"], ["Trung Nguyên=trung nguyen", "G7=g7"]],
    ["momo bị lỗi ko đăng nhập đc", ["Ví MoMo", "MoMo"], ["MoMo=momo"]],
    ["Sua tuoi vinamilk gia bao nhieu, ở Hà Nội mua đâu", ["sữa tươi"], ["sữa tươi=Sua tuoi"]],
    ["banh mi Huynh Hoa dat qua", ["bánh mì"], ["bánh mì=banh mi"]],
    // keywords typed without diacritics match accented text
    ["Sữa tươi Vinamilk ít đường", ["sua tuoi", "vinamilk"], ["sua tuoi=Sữa tươi", "vinamilk=Vinamilk"]],
    ["Chuyến bay của Vietjét bị hoãn", ["vietjet"], ["vietjet=Vietjét"]],
    // different diacritics never match
    ["Mâm cơm ngày Tết nhà mình", ["mắm"], []],
    ["Nước mắm Nam Ngư có chất bảo quản không vậy?", ["mắm", "Nam Ngư"], ["mắm=mắm", "Nam Ngư=Nam Ngư"]],
    ["Bành trướng thị phần của Bách Hóa Xanh ở miền Tây", ["bánh", "Bách Hóa Xanh"], ["Bách Hóa Xanh=Bách Hóa Xanh"]],
    ["Sửa tivi tại nhà giá rẻ", ["sữa"], []],
    ["Sữa tuơi Vinamilk", ["sữa tươi"], []],
    // a span written with diacritics is the word it spells, even when only some of its syllables carry them
    ["Sữa tuoi vinamilk giá bao nhiêu", ["sữa tươi"], []],
    ["Con bò sủa inh ỏi cả đêm", ["Bò Sữa"], []],
    ["Mẹ bảo bỏ sữa ngoài, con vẫn khóc", ["Bò Sữa"], []],
    ["Bó sửa xong cái giỏ hoa rồi", ["Bò Sữa"], []],
    ["Bò sua Đà Lạt có ngon không", ["Bò Sữa"], []],
    ["Trang trại bò sữa ở Mộc Châu", ["Bò Sữa"], ["Bò Sữa=bò sữa"]],
    ["BO SUA MOC CHAU GIAM GIA", ["Bò Sữa"], ["Bò Sữa=BO SUA"]],
    ["Hóa Phát là tên một cửa hàng điện máy", ["Hòa Phát"], []],
    ["Tượng hòa phật ngọc được rước về chùa", ["Hòa Phát"], []],
    ["Thép Hòa phat giao hàng chậm", ["Hòa Phát"], []],
    ["thep hoa phat giao hang cham qua", ["Hòa Phát"], ["Hòa Phát=hoa phat"]],
    ["CỔ PHIẾU HOA PHAT TĂNG TRẦN", ["Hòa Phát"], ["Hòa Phát=HOA PHAT"]],
    ["Hóa Phật là cách nói khác", ["hoa phat"], ["hoa phat=Hóa Phật"]],
    ["Vinamilk và vinamilk.vn", ["Vinamilk"], ["Vinamilk=Vinamilk", "Vinamilk=vinamilk"]],
    ["Đi Da Lat cuối tuần", ["Đà Lạt"], ["Đà Lạt=Da Lat"]],
    ["Dà Lạt là tên một quán cà phê", ["Đà Lạt"], []],
    ["\u00D0à Lạt mùa hoa dã quỳ", ["Đà Lạt"], ["Đà Lạt=\u00D0à Lạt"]],
    // both tone-mark placements
    ["Bách Hoá Xanh giảm giá rau củ cuối tuần", ["Bách Hóa Xanh"], ["Bách Hóa Xanh=Bách Hoá Xanh"]],
    ["Thép Hoà Phát xuất khẩu tăng mạnh", ["Hòa Phát"], ["Hòa Phát=Hoà Phát"]],
    ["Sức khoẻ là vàng, uống sữa mỗi ngày", ["sức khỏe"], ["sức khỏe=Sức khoẻ"]],
    ["Đặt Grab về nhà mà tài xế hủy chuyến 3 lần 😤", ["Grab", "huỷ chuyến"], ["Grab=Grab", "huỷ chuyến=hủy chuyến"]],
    ["Quý khách vui lòng thanh toán qua Vietcombank", ["quý khách"], ["quý khách=Quý khách"]],
    // syllable and word boundaries
    ["Viettelpay lại lỗi không chuyển tiền được 😡", ["Viettel"], []],
    ["Viettelpay lại lỗi không chuyển tiền được 😡", ["ViettelPay"], ["ViettelPay=Viettelpay"]],
    ["Viettel ra mắt gói cước 5G mới cho sinh viên", ["Viettel", "5G"], ["Viettel=Viettel", "5G=5G"]],
    ["Điểm thi THPT quốc gia năm nay cao bất thường", ["TH"], []],
    ["Sữa TH True Milk ít đường cho bé có tốt không?", ["TH", "TH true milk"], ["TH=TH", "TH true milk=TH True Milk"]],
    ["GrabFood giao trễ 1 tiếng, đồ ăn nguội hết", ["Grab", "GrabFood"], ["GrabFood=GrabFood"]],
    ["Ngồi Highlands chờ mưa tạnh ☕", ["Highlands Coffee", "Highlands"], ["Highlands=Highlands"]],
    [
      "Highlands Coffee tăng giá ly phin sữa đá lên 39k",
      ["Highlands Coffee", "phin sữa đá", "39"],
      ["Highlands Coffee=Highlands Coffee", "phin sữa đá=phin sữa đá"],
    ],
    ["Đơn hàng Shopee Express giao chậm quá trời", ["Shopee", "Shopee Express"], ["Shopee=Shopee", "Shopee Express=Shopee Express"]],
    // punctuation and whitespace between syllables, emoji around keywords
    ["Giá sữa-tươi hôm nay lại tăng", ["sữa tươi"], ["sữa tươi=sữa-tươi"]],
    ["Đừng mua sữa,  tươi gì mà chua!", ["sữa tươi"], ["sữa tươi=sữa,  tươi"]],
    ["Sữa\ntươi Vinamilk", ["sữa tươi"], ["sữa tươi=Sữa\ntươi"]],
    ["Thế-Giới-Di-Động khai trương cửa hàng thứ 3.000", ["Thế Giới Di Động"], ["Thế Giới Di Động=Thế-Giới-Di-Động"]],
    ["❤️Vinamilk❤️ đồng hành cùng trẻ em vùng cao", ["Vinamilk"], ["Vinamilk=Vinamilk"]],
    ["Shopee sale 11.11 😍😍 săn được nồi chiên giá rẻ", ["Shopee", "nồi chiên"], ["Shopee=Shopee", "nồi chiên=nồi chiên"]],
    ["Cảm ơn @Vinamilk.official đã phản hồi", ["Vinamilk"], ["Vinamilk=Vinamilk"]],
    // latin words and digits
    [
      "Mua iPhone 15 Pro Max ở thế giới di động được giảm 2 triệu",
      ["iPhone 15", "Thế Giới Di Động"],
      ["iPhone 15=iPhone 15", "Thế Giới Di Động=thế giới di động"],
    ],
    ["Galaxy S24 Ultra về VN giá bao nhiêu?", ["Galaxy S24", "Galaxy S23"], ["Galaxy S24=Galaxy S24"]],
    ["FPT Shop giảm giá laptop cho học sinh, sinh viên", ["FPT Shop", "FPT"], ["FPT=FPT", "FPT Shop=FPT Shop"]],
    ["VPBank phát hành thẻ tín dụng hoàn tiền 5%", ["VPBank", "thẻ tín dụng"], ["VPBank=VPBank", "thẻ tín dụng=thẻ tín dụng"]],
    // hashtags
    ["#vinamilk chính hãng giá tốt", ["Vinamilk"], ["Vinamilk=vinamilk"]],
    ["#VinamilkVietNam #SuaTuoi100", ["Vinamilk", "Việt Nam", "sữa tươi"], ["Vinamilk=Vinamilk", "Việt Nam=VietNam", "sữa tươi=SuaTuoi"]],
    ["Góc review #suatuoivinamilk", ["sữa tươi", "Vinamilk"], ["sữa tươi=suatuoi"]],
    ["Thi xong #THPT2024 rồi", ["TH"], []],
    ["Khuyến mãi #FPTShop cuối năm", ["FPT Shop", "FPT"], ["FPT=FPT", "FPT Shop=FPTShop"]],
    ["Săn sale #iPhone15", ["iPhone 15"], ["iPhone 15=iPhone15"]],
    ["#MâmCơmViệt", ["mắm"], []],
    ["#HoaPhat #HóaPhát #HòaPhat", ["Hòa Phát"], ["Hòa Phát=HoaPhat"]],
  ];

  it("has at least 40 sentences", () => expect(new Set(cases.map(([text]) => text)).size).toBeGreaterThanOrEqual(40));

  it.each(cases)("%s  %j", (text, keywords, expected) => {
    expect(found(keywords, text)).toEqual(expected);
  });
});

describe("buildMatcher", () => {
  const matcher = buildMatcher([
    { projectId: "vinamilk", keywords: ["Vinamilk", "sữa tươi", "vinamilk"] },
    { projectId: "th", keywords: ["TH true milk", "sữa tươi"] },
    { projectId: "empty", keywords: ["", "  ", "!!"] },
  ]);

  it("reports a keyword shared by several projects once per project", () => {
    const matches = matcher.match("Sữa tươi nào ngon hơn: Vinamilk hay TH True Milk?");
    expect(matches).toEqual([
      { projectId: "vinamilk", keyword: "sữa tươi", start: 0, end: 8 },
      { projectId: "th", keyword: "sữa tươi", start: 0, end: 8 },
      { projectId: "vinamilk", keyword: "Vinamilk", start: 23, end: 31 },
      { projectId: "th", keyword: "TH true milk", start: 36, end: 48 },
    ]);
  });

  it("counts (project, keyword) pairs, ignoring duplicates and empty keywords", () => {
    expect(matcher.size).toBe(4);
  });

  it("gives offsets into nfc(text) for decomposed input", () => {
    const text = "Mua su\u031b\u0303a tu\u031bo\u031bi"; // "Mua sữa tươi" in NFD
    const [match] = matcher.match(text);
    expect(nfc(text).slice(match.start, match.end)).toBe("sữa tươi");
  });

  it("finds nothing in empty or unrelated text", () => {
    expect(matcher.match("")).toEqual([]);
    expect(matcher.match("Hôm nay trời đẹp quá")).toEqual([]);
  });

  it("matches thousands of projects in one pass", () => {
    const sets = Array.from({ length: 2000 }, (_, i) => ({ projectId: `p${i}`, keywords: [`brand${i}`, "Vietjet"] }));
    const big = buildMatcher(sets);
    const matches = big.match("Vé Vietjet rẻ hơn brand1999 và brand7");
    expect(matches.filter((m) => m.keyword === "Vietjet")).toHaveLength(2000);
    expect(matches.filter((m) => m.keyword !== "Vietjet").map((m) => m.projectId)).toEqual(["p1999", "p7"]);
  });
});

describe("excluded phrases drop a project's matches in the whole document", () => {
  const kept = (text: string, keywords: string[], excluded: string[]) => matchKeywords(keywords, text, excluded).map((m) => m.keyword);

  it.each([
    // the stock ticker, not the dairy
    ["Cổ phiếu VNM tăng trần phiên sáng nay, khối ngoại mua ròng", ["Vinamilk", "VNM"], ["cổ phiếu"], []],
    ["Sữa Vinamilk ít đường, bé nhà mình uống rất hợp", ["Vinamilk", "VNM"], ["cổ phiếu"], ["Vinamilk"]],
    // written without diacritics, and with the other tone-mark placement
    ["co phieu VNM giam san roi ae oi", ["VNM"], ["cổ phiếu"], []],
    ["Hoà Phát báo lãi, nhưng thép Hoà Phát tồn kho vẫn cao", ["Hòa Phát"], ["thép hòa phát tồn kho"], []],
    ["Tập đoàn Hòa Phát khởi công dự án mới ở Dung Quất", ["Hoà Phát"], ["thép hoà phát tồn kho"], ["Hoà Phát"]],
    // syllable boundaries: "TH" the school is not "THPT", so the exclusion needs its own syllables
    ["Trường TH Kim Đồng khai giảng năm học mới", ["TH true MILK", "TH"], ["trường TH"], []],
    ["Học sinh THPT uống sữa TH mỗi sáng", ["TH"], ["trường TH"], ["TH"]],
    // a hashtag carries the exclusion too
    ["Sáng nay #grabacoffee với team rồi mới đi làm", ["Grab"], ["grab a coffee"], []],
    ["Grab a coffee xong mới đặt Grab đi làm", ["Grab"], ["grab a coffee"], []],
    ["Đặt Grab về quê, tài xế thân thiện", ["Grab"], ["grab a coffee"], ["Grab"]],
  ])("%s", (text, keywords, excluded, expected) => {
    expect(kept(text, keywords, excluded)).toEqual(expected);
  });

  it("only the project that excludes the phrase loses the document", () => {
    const matcher = buildMatcher([
      { projectId: "1", keywords: ["Vinamilk"], excluded: ["cổ phiếu"] },
      { projectId: "2", keywords: ["Vinamilk"] },
    ]);
    const text = "Cổ phiếu của Vinamilk hồi phục sau báo cáo quý";
    expect(matcher.match(text).map((m) => m.projectId)).toEqual(["2"]);
    expect(matcher.size).toBe(2);
  });
});
