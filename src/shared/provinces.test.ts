import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { AREA_REGION, FORMER_PROVINCES, PROVINCES, provinceByCode } from "./provinces.ts";

// The 63 provinces and centrally-run cities before 1 July 2025.
const PROVINCES_BEFORE_2025 = [
  "An Giang",
  "Bà Rịa – Vũng Tàu",
  "Bạc Liêu",
  "Bắc Giang",
  "Bắc Kạn",
  "Bắc Ninh",
  "Bến Tre",
  "Bình Dương",
  "Bình Định",
  "Bình Phước",
  "Bình Thuận",
  "Cà Mau",
  "Cao Bằng",
  "Cần Thơ",
  "Đà Nẵng",
  "Đắk Lắk",
  "Đắk Nông",
  "Điện Biên",
  "Đồng Nai",
  "Đồng Tháp",
  "Gia Lai",
  "Hà Giang",
  "Hà Nam",
  "Hà Nội",
  "Hà Tĩnh",
  "Hải Dương",
  "Hải Phòng",
  "Hậu Giang",
  "Hòa Bình",
  "TP. Hồ Chí Minh",
  "Hưng Yên",
  "Khánh Hòa",
  "Kiên Giang",
  "Kon Tum",
  "Lai Châu",
  "Lâm Đồng",
  "Lạng Sơn",
  "Lào Cai",
  "Long An",
  "Nam Định",
  "Nghệ An",
  "Ninh Bình",
  "Ninh Thuận",
  "Phú Thọ",
  "Phú Yên",
  "Quảng Bình",
  "Quảng Nam",
  "Quảng Ngãi",
  "Quảng Ninh",
  "Quảng Trị",
  "Sóc Trăng",
  "Sơn La",
  "Tây Ninh",
  "Thái Bình",
  "Thái Nguyên",
  "Thanh Hóa",
  "Thừa Thiên Huế",
  "Tiền Giang",
  "Trà Vinh",
  "Tuyên Quang",
  "Vĩnh Long",
  "Vĩnh Phúc",
  "Yên Bái",
];

// Resolution 202/2025/QH15: the 23 merged units and what each absorbed.
const MERGED: Record<string, string[]> = {
  "tuyen-quang": ["Tuyên Quang", "Hà Giang"],
  "lao-cai": ["Lào Cai", "Yên Bái"],
  "thai-nguyen": ["Thái Nguyên", "Bắc Kạn"],
  "phu-tho": ["Phú Thọ", "Vĩnh Phúc", "Hòa Bình"],
  "bac-ninh": ["Bắc Ninh", "Bắc Giang"],
  "hung-yen": ["Hưng Yên", "Thái Bình"],
  "hai-phong": ["Hải Phòng", "Hải Dương"],
  "ninh-binh": ["Ninh Bình", "Hà Nam", "Nam Định"],
  "quang-tri": ["Quảng Trị", "Quảng Bình"],
  "da-nang": ["Đà Nẵng", "Quảng Nam"],
  "quang-ngai": ["Quảng Ngãi", "Kon Tum"],
  "gia-lai": ["Gia Lai", "Bình Định"],
  "khanh-hoa": ["Khánh Hòa", "Ninh Thuận"],
  "lam-dong": ["Lâm Đồng", "Đắk Nông", "Bình Thuận"],
  "dak-lak": ["Đắk Lắk", "Phú Yên"],
  "ho-chi-minh": ["TP. Hồ Chí Minh", "Bình Dương", "Bà Rịa – Vũng Tàu"],
  "dong-nai": ["Đồng Nai", "Bình Phước"],
  "tay-ninh": ["Tây Ninh", "Long An"],
  "can-tho": ["Cần Thơ", "Sóc Trăng", "Hậu Giang"],
  "vinh-long": ["Vĩnh Long", "Bến Tre", "Trà Vinh"],
  "dong-thap": ["Đồng Tháp", "Tiền Giang"],
  "ca-mau": ["Cà Mau", "Bạc Liêu"],
  "an-giang": ["An Giang", "Kiên Giang"],
};

const UNCHANGED = [
  "Hà Nội",
  "Huế",
  "Lai Châu",
  "Điện Biên",
  "Sơn La",
  "Lạng Sơn",
  "Quảng Ninh",
  "Thanh Hóa",
  "Nghệ An",
  "Hà Tĩnh",
  "Cao Bằng",
];

describe("provinces since 1 July 2025", () => {
  test("there are 34: 6 centrally-run cities and 28 provinces", () => {
    expect(PROVINCES).toHaveLength(34);
    expect(PROVINCES.filter((p) => p.kind === "city").map((p) => p.name)).toEqual([
      "Hà Nội",
      "Hải Phòng",
      "Huế",
      "Đà Nẵng",
      "TP. Hồ Chí Minh",
      "Cần Thơ",
    ]);
    expect(PROVINCES.filter((p) => p.kind === "province")).toHaveLength(28);
  });

  test("codes are unique lowercase slugs and names are unique", () => {
    expect(new Set(PROVINCES.map((p) => p.code)).size).toBe(34);
    expect(new Set(PROVINCES.map((p) => p.name)).size).toBe(34);
    expect(new Set(PROVINCES.map((p) => p.nameEn)).size).toBe(34);
    for (const p of PROVINCES) expect(p.code).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  test("the 23 merged units absorbed exactly the provinces of the resolution", () => {
    expect(Object.keys(MERGED)).toHaveLength(23);
    for (const [code, formerNames] of Object.entries(MERGED)) {
      expect(provinceByCode(code)?.formerNames).toEqual(formerNames);
    }
  });

  test("the 11 unchanged units each continue one former province", () => {
    const unchanged = PROVINCES.filter((p) => p.formerNames.length === 1);
    expect(unchanged.map((p) => p.name).sort()).toEqual([...UNCHANGED].sort());
    expect(provinceByCode("hue")?.formerNames).toEqual(["Thừa Thiên Huế"]);
  });

  test("well-known English names", () => {
    expect(provinceByCode("ha-noi")?.nameEn).toBe("Hanoi");
    expect(provinceByCode("ho-chi-minh")?.nameEn).toBe("Ho Chi Minh City");
    expect(provinceByCode("hue")?.nameEn).toBe("Hue");
  });
});

describe("former provinces", () => {
  test("all 63 are covered exactly once", () => {
    expect(PROVINCES_BEFORE_2025).toHaveLength(63);
    expect(FORMER_PROVINCES).toHaveLength(63);
    expect(FORMER_PROVINCES.map((f) => f.name).sort()).toEqual([...PROVINCES_BEFORE_2025].sort());
    expect(new Set(FORMER_PROVINCES.map((f) => f.code)).size).toBe(63);
  });

  test("each points at the current province that lists it", () => {
    for (const former of FORMER_PROVINCES) {
      expect(provinceByCode(former.current)?.formerNames).toContain(former.name);
    }
    expect(FORMER_PROVINCES.find((f) => f.code === "ha-nam")?.current).toBe("ninh-binh");
    expect(FORMER_PROVINCES.find((f) => f.code === "binh-duong")?.current).toBe("ho-chi-minh");
  });

  test("abbreviations are written in capitals", () => {
    for (const former of FORMER_PROVINCES) {
      for (const abbreviation of former.abbreviations) expect(abbreviation).toBe(abbreviation.toUpperCase());
    }
  });
});

describe("regions and areas", () => {
  const areaOf = (code: string) => provinceByCode(code)?.area;
  const regionOf = (code: string) => provinceByCode(code)?.region;

  test("the region always follows from the area", () => {
    for (const p of PROVINCES) expect(p.region).toBe(AREA_REGION[p.area]);
  });

  test("the Central Highlands and Thanh Hóa to Hà Tĩnh are central", () => {
    for (const code of ["lam-dong", "dak-lak", "gia-lai"]) {
      expect(areaOf(code)).toBe("central-highlands");
      expect(regionOf(code)).toBe("central");
    }
    for (const code of ["thanh-hoa", "nghe-an", "ha-tinh"]) expect(areaOf(code)).toBe("north-central");
  });

  test("15 units are in the north, 11 in the centre and 8 in the south", () => {
    const count = (region: string) => PROVINCES.filter((p) => p.region === region).length;
    expect([count("north"), count("central"), count("south")]).toEqual([15, 11, 8]);
  });

  test("every area has at least one province", () => {
    for (const area of Object.keys(AREA_REGION)) expect(PROVINCES.some((p) => p.area === area)).toBe(true);
  });
});

test("the module stays browser-safe: it imports nothing", () => {
  const source = readFileSync(new URL("./provinces.ts", import.meta.url), "utf8");
  expect(source).not.toMatch(/^\s*import\s/m);
});
