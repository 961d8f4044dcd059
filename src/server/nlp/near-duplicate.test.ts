import { describe, expect, test } from "vitest";
import { BANDS, bandKeys, storySimilarity, storyText } from "./near-duplicate.ts";

const same = (a: string, b: string) => storySimilarity(storyText(a), storyText(b)) > 0;

const HEADLINE = "Hàng loạt phụ huynh phản ánh sữa tươi Sữa Mộc Lan có mùi lạ, yêu cầu thu hồi";
const ARTICLE =
  "Bộ Công Thương yêu cầu Vinamilk báo cáo về lô sữa tươi bị phản ánh có mùi lạ. Theo phản ánh của nhiều phụ huynh tại Hà Nội, " +
  "sản phẩm được mua tại các siêu thị trong tuần qua. Đại diện doanh nghiệp cho biết đã thu hồi lô hàng để kiểm tra và sẽ công bố kết quả trong 7 ngày.";

describe("same text after normalization", () => {
  test("case, punctuation, emoji, tone-mark placement, links and tagged friends do not count", () => {
    const copies = [
      HEADLINE,
      "HÀNG LOẠT PHỤ HUYNH PHẢN ÁNH SỮA TƯƠI SỮA MỘC LAN CÓ MÙI LẠ, YÊU CẦU THU HỒI!!!",
      `${HEADLINE} 😡😡 https://tuoitre.vn/hang-loat-phu-huynh-phan-anh.htm`,
      `@Lan.Anh @minhtuan ${HEADLINE}`,
      HEADLINE.normalize("NFD"),
    ];
    expect(new Set(copies.map((c) => storyText(c).hash)).size).toBe(1);
    expect(storyText("Khỏe mạnh mỗi ngày cùng sữa hạt, hòa quyện vị ngon").hash).toBe(
      storyText("Khoẻ mạnh mỗi ngày cùng sữa hạt, hoà quyện vị ngon").hash,
    );
  });

  test("a different number is a different text", () => {
    expect(storyText("Giá vàng SJC hôm nay 85 triệu đồng").hash).not.toBe(storyText("Giá vàng SJC hôm nay 86 triệu đồng").hash);
  });
});

describe("near duplicates", () => {
  test("a repost with added text joins the story, at the start or the end", () => {
    expect(same(HEADLINE, `Mọi người chia sẻ giúp để các mẹ cẩn thận nhé: ${HEADLINE}`)).toBe(true);
    expect(
      same(
        HEADLINE,
        `${HEADLINE}. Nhà mình cũng vừa mua hai thùng tuần trước, giờ không dám cho con uống nữa, ai biết đổi trả ở đâu không ạ?`,
      ),
    ).toBe(true);
    expect(same(ARTICLE, `Tin nóng 🔥 ${ARTICLE} Theo dõi trang để cập nhật thêm.`)).toBe(true);
  });

  test("a shortened copy (the first sentences of an article) joins it", () => {
    expect(same(ARTICLE, ARTICLE.split(". ").slice(0, 2).join(". "))).toBe(true);
  });

  test("a copy with a word changed or a typo joins it", () => {
    expect(same(HEADLINE, "Hàng loạt phụ huynh phản ánh sữa chua Sữa Mộc Lan có mùi lạ, yêu cầu thu hồi")).toBe(true);
    expect(same(ARTICLE, ARTICLE.replace("trong tuần qua", "trong tuần trước"))).toBe(true);
  });

  test("texts that only share template words are different stories", () => {
    expect(same("Đồng Xanh khai trương điểm bán mới tại Hà Nội", "Đồng Xanh khai trương điểm bán mới tại Cần Thơ")).toBe(false);
    expect(same("Đồng Xanh khai trương điểm bán mới tại Hà Nội", "NutriViệt khai trương điểm bán mới tại Hà Nội")).toBe(false);
    expect(
      same(
        "Giá vàng SJC hôm nay 12/11: mua vào 85,5 triệu đồng, bán ra 87,5 triệu đồng",
        "Giá vàng SJC hôm nay 13/11: mua vào 86,2 triệu đồng, bán ra 88,2 triệu đồng",
      ),
    ).toBe(false);
    expect(same(ARTICLE, ARTICLE.replace("Vinamilk", "TH True Milk").replace("Hà Nội", "Đà Nẵng"))).toBe(false);
    expect(
      same(
        "Sản phẩm tốt, giao hàng nhanh, đóng gói cẩn thận, sẽ ủng hộ shop lần sau",
        "Sản phẩm tốt, giao hàng nhanh, đóng gói đẹp, shop tư vấn nhiệt tình",
      ),
    ).toBe(false);
  });

  test("short texts join only exact copies", () => {
    expect(storyText("Mình cũng bị y như vậy").bands).toEqual([]);
    expect(same("Mình cũng bị y như vậy", "Mình cũng bị y như vậy luôn")).toBe(false);
  });

  test("near duplicates share an LSH band; unrelated texts almost never do", () => {
    const bands = (text: string) => new Set(bandKeys(storyText(text).bands));
    const shared = (a: string, b: string) => [...bands(a)].filter((band) => bands(b).has(band)).length;
    expect(storyText(HEADLINE).bands).toHaveLength(BANDS);
    expect(shared(HEADLINE, `Mọi người chia sẻ giúp để các mẹ cẩn thận nhé: ${HEADLINE}`)).toBeGreaterThan(0);
    expect(shared(HEADLINE, ARTICLE)).toBe(0);
  });
});
