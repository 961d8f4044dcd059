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
