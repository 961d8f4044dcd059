import { describe, expect, test } from "vitest";
import { FORMER_PROVINCES, PROVINCES } from "../../shared/provinces.ts";
import { unaccent } from "./normalize.ts";
import { detectProvince } from "./province.ts";

const inLocation = (text: string) => detectProvince(text, { mode: "location" })?.code ?? null;
const inPost = (text: string) => detectProvince(text)?.code ?? null;

describe("profile locations", () => {
  test.each([
    ["Sống tại Thành phố Hồ Chí Minh", "ho-chi-minh"],
    ["Đến từ Hà Nam", "ninh-binh"],
    ["Lives in Hanoi, Vietnam", "ha-noi"],
    ["HCM", "ho-chi-minh"],
    ["Biên Hoà, Đồng Nai", "dong-nai"],
    ["Ho Chi Minh City, Vietnam", "ho-chi-minh"],
    ["Hue, Vietnam", "hue"],
    ["Thừa Thiên - Huế", "hue"],
    ["Vinh", "nghe-an"],
    ["Hòa Bình", "phu-tho"],
    ["ha noi", "ha-noi"],
    ["hue", "hue"],
    ["Quận 3, TP. Hồ Chí Minh", "ho-chi-minh"],
    ["Bà Rịa - Vũng Tàu", "ho-chi-minh"],
    ["BR-VT", "ho-chi-minh"],
    ["Đà Lạt", "lam-dong"],
    ["Buôn Mê Thuột, Đắk Lắk", "dak-lak"],
    ["Pleiku, Gia Lai", "gia-lai"],
    ["Thanh Hoá", "thanh-hoa"],
    ["Khánh Hoà, Vietnam", "khanh-hoa"],
    ["Yên Bái", "lao-cai"],
    ["Lives in Rach Gia", "an-giang"],
  ])("%s → %s", (text, code) => expect(inLocation(text)).toBe(code));

  test.each([["Việt Nam"], ["Singapore"], ["Trái Đất"], ["chị Huế"], [""]])("%s → nothing", (text) => expect(inLocation(text)).toBeNull());
});

describe("posts", () => {
  test.each([
    ["Chi nhánh Vinamilk ở Bình Dương vừa khai trương", "ho-chi-minh"],
    ["Sài Gòn hôm nay mưa to quá, kẹt xe khắp nơi", "ho-chi-minh"],
    ["Cuối tuần này SG có sự kiện gì không mọi người", "ho-chi-minh"],
    ["Giá nhà ở TP.HCM lại tăng", "ho-chi-minh"],
    ["tphcm nóng quá trời", "ho-chi-minh"],
    ["Vừa chuyển công tác vào thành phố Hồ Chí Minh", "ho-chi-minh"],
    ["Mình ở Vinh, ai đi cà phê không", "nghe-an"],
    ["Lũ lớn ở tỉnh Hòa Bình, nhiều xã bị cô lập", "phu-tho"],
    ["HN mưa to quá, đường ngập hết rồi", "ha-noi"],
    ["toi song o ha noi", "ha-noi"],
    ["Quê em ở Thanh Hoá, ra Hà Nội làm việc", "thanh-hoa"],
    ["Đi Nha Trang 3 ngày 2 đêm hết bao nhiêu tiền?", "khanh-hoa"],
    ["Resort mới ở Phan Thiết view biển đẹp lắm", "lam-dong"],
    ["Cà phê Buôn Ma Thuột đậm vị thật", "dak-lak"],
    ["BMT sáng nay se lạnh", "dak-lak"],
    ["Quy Nhơn mùa này biển xanh lắm", "gia-lai"],
    ["Vịnh Hạ Long lọt top điểm đến châu Á", "quang-ninh"],
    ["Chiều nay ĐN nắng đẹp", "da-nang"],
    ["Ngân hàng khai trương phòng giao dịch tại Hải Dương", "hai-phong"],
    ["Nông dân Bến Tre trúng mùa dừa", "vinh-long"],
    ["Long An đón nhà đầu tư mới", "tay-ninh"],
    ["Đặc sản Nam Định có gì ngon?", "ninh-binh"],
    ["Hội An về đêm lung linh", "da-nang"],
    ["123 đường Hà Nội, TP. Thủ Đức", "ho-chi-minh"],
    ["Ăn bún bò Huế ở Sài Gòn", "ho-chi-minh"],
    ["Mình người Huế", "hue"],
  ])("%s → %s", (text, code) => expect(inPost(text)).toBe(code));

  test.each([
    ["Thật vinh dự khi được nhận giải thưởng này"],
    ["Vinh quang thuộc về đội tuyển Việt Nam"],
    ["Rất vinh hạnh được phục vụ quý khách"],
    ["Anh Vinh ơi, mai họp lúc mấy giờ?"],
    ["Chúng ta cần hòa bình cho thế giới"],
    ["Hòa Bình là khát vọng của nhân loại"],
    ["Anh Nguyễn Hà Nam vừa được thăng chức"],
    ["Chúc mừng chị Trần Thị Hà Giang"],
    ["Ốc vít bị long an toàn không?"],
    ["Hai đứa cao bằng nhau"],
    ["Nhà có hai phòng ngủ, một phòng khách"],
    ["nha co hai phong ngu"],
    ["màu sơn là trắng hay kem?"],
    ["hn đi chơi không mày"],
    ["DN cần thêm vốn lưu động"],
    ["Thái Bình Dương rộng lớn"],
    ["Em thích ăn bún bò Huế"],
    ["Bài học về tư tưởng Hồ Chí Minh"],
    ["Mình là Huệ, rất vui được làm quen"],
    ["Thiên hạ thái bình, nhà nhà an vui"],
    ["Nhà mình ở đường Nguyễn Huệ"],
    ["Sản phẩm này dùng rất ổn"],
  ])("%s → nothing", (text) => expect(inPost(text)).toBeNull());
});

test("both tone-mark placements and text without diacritics", () => {
  for (const text of ["Thanh Hóa", "Thanh Hoá", "Thanh Hoa"]) expect(inPost(`Mình ở ${text}`)).toBe("thanh-hoa");
  for (const text of ["Khánh Hòa", "Khánh Hoà", "KHÁNH HÒA"]) expect(inPost(text)).toBe("khanh-hoa");
});

test("a place cue beats a bare mention", () => {
  expect(inPost("Người Hà Nội nhưng đang sống ở Đà Nẵng")).toBe("da-nang");
});

test("every name in the gazetteer, with or without diacritics, finds its current province", () => {
  for (const former of FORMER_PROVINCES) {
    for (const name of [former.name, ...former.aliases, ...former.abbreviations]) {
      expect(inLocation(name), name).toBe(former.current);
      if (!former.abbreviations.includes(name)) expect(inLocation(unaccent(name)), unaccent(name)).toBe(former.current);
    }
  }
  for (const province of PROVINCES) {
    expect(inLocation(province.name)).toBe(province.code);
    expect(inLocation(province.nameEn)).toBe(province.code);
  }
});

/** The other tone-mark placement of open oa/oe/uy ("Hòa" → "Hoà", "Thủy" → "Thuỷ"), the spelling many people use. */
const otherPlacement = (name: string) =>
  name
    .normalize("NFD")
    .replace(/([oOuU])([\u0300\u0301\u0303\u0309\u0323])([aAeEyY])(?![\p{L}\p{M}])/gu, "$1$3$2")
    .normalize("NFC");

describe("a location field holding only a province name", () => {
  test("the placement helper really moves the mark", () => {
    expect(otherPlacement("Hòa Bình")).toBe("Hoà Bình");
    expect(otherPlacement("Thanh Hóa")).toBe("Thanh Hoá");
    expect(otherPlacement("Tuy Hòa")).toBe("Tuy Hoà");
  });

  test("each of the 63 provinces before 2025 resolves to the province that absorbed it, however it is spelled", () => {
    expect(FORMER_PROVINCES).toHaveLength(63);
    for (const { name, current } of FORMER_PROVINCES) {
      const ascii = unaccent(name);
      const spellings = [
        ascii,
        ascii.toLowerCase(),
        ascii.toUpperCase(),
        ascii.toLowerCase().replace(/[^a-z]+/g, ""),
        name.toLowerCase(),
        otherPlacement(name),
        otherPlacement(name).toLowerCase(),
        `${ascii}, Viet Nam`,
        `${name}, Việt Nam`,
      ];
      for (const spelling of spellings) expect(inLocation(spelling), spelling).toBe(current);
    }
  });

  test("each of the 34 provinces resolves by its name, with or without its administrative title", () => {
    for (const { code, name, nameEn, kind } of PROVINCES) {
      const bare = name.replace(/^TP\. /, "");
      const titles = kind === "city" ? ["Thành phố", "TP.", "TP", "tp"] : ["Tỉnh", "tỉnh"];
      const spellings = [name, nameEn, unaccent(bare).toLowerCase(), otherPlacement(bare).toLowerCase()];
      for (const title of titles) spellings.push(`${title} ${bare}`, unaccent(`${title} ${bare}`).toLowerCase());
      for (const spelling of spellings) expect(inLocation(spelling), spelling).toBe(code);
    }
  });

  test.each([
    ["HCM", "TP. Hồ Chí Minh"],
    ["TP HCM", "TP. Hồ Chí Minh"],
    ["tp.hcm", "TP. Hồ Chí Minh"],
    ["Sài Gòn", "TP. Hồ Chí Minh"],
    ["sai gon", "TP. Hồ Chí Minh"],
    ["ho chi minh", "TP. Hồ Chí Minh"],
    ["Bà Rịa - Vũng Tàu", "TP. Hồ Chí Minh"],
    ["ba ria vung tau", "TP. Hồ Chí Minh"],
    ["Bình Dương", "TP. Hồ Chí Minh"],
    ["Hà Nội", "Hà Nội"],
    ["Ha Noi", "Hà Nội"],
    ["Thủ đô Hà Nội", "Hà Nội"],
    ["Đà Nẵng", "Đà Nẵng"],
    ["\u00D0à Nẵng", "Đà Nẵng"],
    ["Quảng Nam", "Đà Nẵng"],
    ["quang nam", "Đà Nẵng"],
    ["Thua Thien Hue", "Huế"],
    ["Huế", "Huế"],
    ["hoa binh", "Phú Thọ"],
    ["Hoà Bình", "Phú Thọ"],
    ["Tỉnh Hoà Bình", "Phú Thọ"],
    ["khanh hoa", "Khánh Hòa"],
    ["Khánh Hoà", "Khánh Hòa"],
    ["Thanh Hoá", "Thanh Hóa"],
    ["daklak", "Đắk Lắk"],
    ["Đăk Nông", "Lâm Đồng"],
    ["Kon Tum", "Quảng Ngãi"],
  ])("%s → %s", (text, name) => expect(detectProvince(text, { mode: "location" })?.name).toBe(name));

  test.each([["Huệ"], ["Vịnh"], ["Thái Bình Dương"], ["Việt Nam"], ["Tỉnh"], ["TP"], ["Hòa bình cho thế giới"]])("%s → nothing", (text) =>
    expect(inLocation(text)).toBeNull(),
  );

  test("posts stay strict: bare unaccented words that are ordinary Vietnamese are not places there", () => {
    for (const text of ["hoa binh", "ho chi minh", "vinh", "long an toàn", "cao bằng nhau"]) expect(inPost(text), text).toBeNull();
    expect(inLocation("vinh")).toBe("nghe-an");
  });
});
