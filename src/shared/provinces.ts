// Vietnam's provinces and centrally-run cities in force since 1 July 2025 (Resolution 202/2025/QH15: 63 → 34),
// each with the pre-merger provinces it absorbed. Data only: shared by the server's detector and the dashboard map.

export const AREA_REGION = {
  northwest: "north",
  northeast: "north",
  "red-river-delta": "north",
  "north-central": "central",
  "south-central-coast": "central",
  "central-highlands": "central",
  southeast: "south",
  "mekong-delta": "south",
} as const;

type Area = keyof typeof AREA_REGION;
export type Region = (typeof AREA_REGION)[Area];

export const REGIONS: readonly Region[] = ["north", "central", "south"];

/** Centrally-run cities (thành phố trực thuộc trung ương) versus provinces (tỉnh). */
type ProvinceKind = "city" | "province";

type FormerDef = {
  code: string;
  name: string;
  /** Other spellings, English names and well-known cities of the former province. */
  aliases?: readonly string[];
  /** Short forms that are place names only as whole tokens written exactly so ('HN', not 'hn' = "hôm nay"). */
  abbreviations?: readonly string[];
};

type ProvinceDef = { code: string; kind: ProvinceKind; name: string; nameEn: string; area: Area; former: readonly FormerDef[] };

const defs = [
  // North
  {
    code: "ha-noi",
    kind: "city",
    name: "Hà Nội",
    nameEn: "Hanoi",
    area: "red-river-delta",
    former: [{ code: "ha-noi", name: "Hà Nội", aliases: ["Hanoi"], abbreviations: ["HN"] }],
  },
  {
    code: "hai-phong",
    kind: "city",
    name: "Hải Phòng",
    nameEn: "Hai Phong",
    area: "red-river-delta",
    former: [
      { code: "hai-phong", name: "Hải Phòng", aliases: ["Haiphong"], abbreviations: ["HP"] },
      { code: "hai-duong", name: "Hải Dương" },
    ],
  },
  {
    code: "bac-ninh",
    kind: "province",
    name: "Bắc Ninh",
    nameEn: "Bac Ninh",
    area: "red-river-delta",
    former: [
      { code: "bac-ninh", name: "Bắc Ninh" },
      { code: "bac-giang", name: "Bắc Giang" },
    ],
  },
  {
    code: "hung-yen",
    kind: "province",
    name: "Hưng Yên",
    nameEn: "Hung Yen",
    area: "red-river-delta",
    former: [
      { code: "hung-yen", name: "Hưng Yên" },
      { code: "thai-binh", name: "Thái Bình" },
    ],
  },
  {
    code: "ninh-binh",
    kind: "province",
    name: "Ninh Bình",
    nameEn: "Ninh Binh",
    area: "red-river-delta",
    former: [
      { code: "ninh-binh", name: "Ninh Bình" },
      { code: "ha-nam", name: "Hà Nam", aliases: ["Phủ Lý"] },
      { code: "nam-dinh", name: "Nam Định" },
    ],
  },
  {
    code: "quang-ninh",
    kind: "province",
    name: "Quảng Ninh",
    nameEn: "Quang Ninh",
    area: "northeast",
    former: [{ code: "quang-ninh", name: "Quảng Ninh", aliases: ["Hạ Long", "Halong", "Móng Cái", "Cẩm Phả", "Uông Bí"] }],
  },
  {
    code: "cao-bang",
    kind: "province",
    name: "Cao Bằng",
    nameEn: "Cao Bang",
    area: "northeast",
    former: [{ code: "cao-bang", name: "Cao Bằng" }],
  },
  {
    code: "lang-son",
    kind: "province",
    name: "Lạng Sơn",
    nameEn: "Lang Son",
    area: "northeast",
    former: [{ code: "lang-son", name: "Lạng Sơn" }],
  },
  {
    code: "tuyen-quang",
    kind: "province",
    name: "Tuyên Quang",
    nameEn: "Tuyen Quang",
    area: "northeast",
    former: [
      { code: "tuyen-quang", name: "Tuyên Quang" },
      { code: "ha-giang", name: "Hà Giang" },
    ],
  },
  {
    code: "thai-nguyen",
    kind: "province",
    name: "Thái Nguyên",
    nameEn: "Thai Nguyen",
    area: "northeast",
    former: [
      { code: "thai-nguyen", name: "Thái Nguyên" },
      { code: "bac-kan", name: "Bắc Kạn", aliases: ["Bắc Cạn"] },
    ],
  },
  {
    code: "phu-tho",
    kind: "province",
    name: "Phú Thọ",
    nameEn: "Phu Tho",
    area: "northeast",
    former: [
      { code: "phu-tho", name: "Phú Thọ", aliases: ["Việt Trì"] },
      { code: "vinh-phuc", name: "Vĩnh Phúc", aliases: ["Vĩnh Yên"] },
      { code: "hoa-binh", name: "Hòa Bình" },
    ],
  },
  {
    code: "lao-cai",
    kind: "province",
    name: "Lào Cai",
    nameEn: "Lao Cai",
    area: "northwest",
    former: [
      { code: "lao-cai", name: "Lào Cai", aliases: ["Sa Pa", "Sapa"] },
      { code: "yen-bai", name: "Yên Bái" },
    ],
  },
  {
    code: "lai-chau",
    kind: "province",
    name: "Lai Châu",
    nameEn: "Lai Chau",
    area: "northwest",
    former: [{ code: "lai-chau", name: "Lai Châu" }],
  },
  {
    code: "dien-bien",
    kind: "province",
    name: "Điện Biên",
    nameEn: "Dien Bien",
    area: "northwest",
    former: [{ code: "dien-bien", name: "Điện Biên", aliases: ["Điện Biên Phủ"] }],
  },
  { code: "son-la", kind: "province", name: "Sơn La", nameEn: "Son La", area: "northwest", former: [{ code: "son-la", name: "Sơn La" }] },

  // Central
  {
    code: "thanh-hoa",
    kind: "province",
    name: "Thanh Hóa",
    nameEn: "Thanh Hoa",
    area: "north-central",
    former: [{ code: "thanh-hoa", name: "Thanh Hóa", aliases: ["Sầm Sơn"] }],
  },
  {
    code: "nghe-an",
    kind: "province",
    name: "Nghệ An",
    nameEn: "Nghe An",
    area: "north-central",
    former: [{ code: "nghe-an", name: "Nghệ An", aliases: ["Vinh", "Cửa Lò"] }],
  },
  {
    code: "ha-tinh",
    kind: "province",
    name: "Hà Tĩnh",
    nameEn: "Ha Tinh",
    area: "north-central",
    former: [{ code: "ha-tinh", name: "Hà Tĩnh" }],
  },
  {
    code: "quang-tri",
    kind: "province",
    name: "Quảng Trị",
    nameEn: "Quang Tri",
    area: "north-central",
    former: [
      { code: "quang-tri", name: "Quảng Trị" },
      { code: "quang-binh", name: "Quảng Bình", aliases: ["Đồng Hới", "Phong Nha"] },
    ],
  },
  {
    code: "hue",
    kind: "city",
    name: "Huế",
    nameEn: "Hue",
    area: "north-central",
    former: [{ code: "thua-thien-hue", name: "Thừa Thiên Huế", aliases: ["TT Huế"] }],
  },
  {
    code: "da-nang",
    kind: "city",
    name: "Đà Nẵng",
    nameEn: "Da Nang",
    area: "south-central-coast",
    former: [
      { code: "da-nang", name: "Đà Nẵng", aliases: ["Danang"], abbreviations: ["ĐN"] },
      { code: "quang-nam", name: "Quảng Nam", aliases: ["Hội An", "Tam Kỳ"] },
    ],
  },
  {
    code: "quang-ngai",
    kind: "province",
    name: "Quảng Ngãi",
    nameEn: "Quang Ngai",
    area: "south-central-coast",
    former: [
      { code: "quang-ngai", name: "Quảng Ngãi" },
      { code: "kon-tum", name: "Kon Tum", aliases: ["Kontum"] },
    ],
  },
  {
    code: "khanh-hoa",
    kind: "province",
    name: "Khánh Hòa",
    nameEn: "Khanh Hoa",
    area: "south-central-coast",
    former: [
      { code: "khanh-hoa", name: "Khánh Hòa", aliases: ["Nha Trang", "Cam Ranh"] },
      { code: "ninh-thuan", name: "Ninh Thuận", aliases: ["Phan Rang"] },
    ],
  },
  {
    code: "gia-lai",
    kind: "province",
    name: "Gia Lai",
    nameEn: "Gia Lai",
    area: "central-highlands",
    former: [
      { code: "gia-lai", name: "Gia Lai", aliases: ["Pleiku"] },
      { code: "binh-dinh", name: "Bình Định", aliases: ["Quy Nhơn", "Qui Nhơn"] },
    ],
  },
  {
    code: "dak-lak",
    kind: "province",
    name: "Đắk Lắk",
    nameEn: "Dak Lak",
    area: "central-highlands",
    former: [
      { code: "dak-lak", name: "Đắk Lắk", aliases: ["Đăk Lăk", "Daklak", "Buôn Ma Thuột", "Buôn Mê Thuột"], abbreviations: ["BMT"] },
      { code: "phu-yen", name: "Phú Yên", aliases: ["Tuy Hòa"] },
    ],
  },
  {
    code: "lam-dong",
    kind: "province",
    name: "Lâm Đồng",
    nameEn: "Lam Dong",
    area: "central-highlands",
    former: [
      { code: "lam-dong", name: "Lâm Đồng", aliases: ["Đà Lạt", "Dalat", "Bảo Lộc"] },
      { code: "dak-nong", name: "Đắk Nông", aliases: ["Đăk Nông", "Daknong"] },
      { code: "binh-thuan", name: "Bình Thuận", aliases: ["Phan Thiết", "Mũi Né"] },
    ],
  },

  // South
  {
    code: "ho-chi-minh",
    kind: "city",
    name: "TP. Hồ Chí Minh",
    nameEn: "Ho Chi Minh City",
    area: "southeast",
    former: [
      {
        code: "ho-chi-minh",
        name: "TP. Hồ Chí Minh",
        aliases: ["Hồ Chí Minh", "TPHCM", "HCM", "HCMC", "Sài Gòn", "Saigon", "Thủ Đức"],
        abbreviations: ["SG"],
      },
      { code: "binh-duong", name: "Bình Dương", aliases: ["Thủ Dầu Một", "Dĩ An", "Thuận An"] },
      { code: "ba-ria-vung-tau", name: "Bà Rịa – Vũng Tàu", aliases: ["Bà Rịa", "Vũng Tàu", "BRVT", "BR-VT", "Côn Đảo"] },
    ],
  },
  {
    code: "dong-nai",
    kind: "province",
    name: "Đồng Nai",
    nameEn: "Dong Nai",
    area: "southeast",
    former: [
      { code: "dong-nai", name: "Đồng Nai", aliases: ["Biên Hòa"] },
      { code: "binh-phuoc", name: "Bình Phước", aliases: ["Đồng Xoài"] },
    ],
  },
  {
    code: "tay-ninh",
    kind: "province",
    name: "Tây Ninh",
    nameEn: "Tay Ninh",
    area: "southeast",
    former: [
      { code: "tay-ninh", name: "Tây Ninh" },
      { code: "long-an", name: "Long An" },
    ],
  },
  {
    code: "can-tho",
    kind: "city",
    name: "Cần Thơ",
    nameEn: "Can Tho",
    area: "mekong-delta",
    former: [
      { code: "can-tho", name: "Cần Thơ" },
      { code: "soc-trang", name: "Sóc Trăng" },
      { code: "hau-giang", name: "Hậu Giang" },
    ],
  },
  {
    code: "vinh-long",
    kind: "province",
    name: "Vĩnh Long",
    nameEn: "Vinh Long",
    area: "mekong-delta",
    former: [
      { code: "vinh-long", name: "Vĩnh Long" },
      { code: "ben-tre", name: "Bến Tre" },
      { code: "tra-vinh", name: "Trà Vinh" },
    ],
  },
  {
    code: "dong-thap",
    kind: "province",
    name: "Đồng Tháp",
    nameEn: "Dong Thap",
    area: "mekong-delta",
    former: [
      { code: "dong-thap", name: "Đồng Tháp", aliases: ["Cao Lãnh", "Sa Đéc"] },
      { code: "tien-giang", name: "Tiền Giang", aliases: ["Mỹ Tho"] },
    ],
  },
  {
    code: "ca-mau",
    kind: "province",
    name: "Cà Mau",
    nameEn: "Ca Mau",
    area: "mekong-delta",
    former: [
      { code: "ca-mau", name: "Cà Mau" },
      { code: "bac-lieu", name: "Bạc Liêu" },
    ],
  },
  {
    code: "an-giang",
    kind: "province",
    name: "An Giang",
    nameEn: "An Giang",
    area: "mekong-delta",
    former: [
      { code: "an-giang", name: "An Giang", aliases: ["Long Xuyên", "Châu Đốc"] },
      { code: "kien-giang", name: "Kiên Giang", aliases: ["Rạch Giá", "Phú Quốc", "Hà Tiên"] },
    ],
  },
] as const satisfies readonly ProvinceDef[];

export type ProvinceCode = (typeof defs)[number]["code"];

type FormerProvince = {
  /** Unique among former provinces; an unchanged province keeps its current code. */
  code: string;
  name: string;
  aliases: readonly string[];
  abbreviations: readonly string[];
  current: ProvinceCode;
};

export type Province = {
  code: ProvinceCode;
  kind: ProvinceKind;
  name: string;
  nameEn: string;
  region: Region;
  area: Area;
  formerNames: readonly string[];
};

export const PROVINCES: readonly Province[] = defs.map(({ code, kind, name, nameEn, area, former }) => ({
  code,
  kind,
  name,
  nameEn,
  region: AREA_REGION[area],
  area,
  formerNames: former.map((f) => f.name),
}));

export const FORMER_PROVINCES: readonly FormerProvince[] = defs.flatMap((p) =>
  p.former.map((f: FormerDef) => ({
    code: f.code,
    name: f.name,
    aliases: f.aliases ?? [],
    abbreviations: f.abbreviations ?? [],
    current: p.code,
  })),
);

export function provinceByCode(code: string): Province | undefined {
  return PROVINCES.find((p) => p.code === code);
}
