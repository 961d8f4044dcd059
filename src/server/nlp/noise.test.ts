import { describe, expect, test } from "vitest";
import { NOISE_THRESHOLD, noiseScore, type NoiseReason } from "./noise.ts";
import { createRepeatDetector } from "./repeat-detector.ts";

describe("noise is flagged", () => {
  test.each<[string, NoiseReason]>([
    ["🎁 MINIGAME TRI ÂN KHÁCH HÀNG 🎁 Like + share bài viết, tag 3 bạn bè và comment số may mắn để nhận quà nhé!", "minigame"],
    ["Giveaway 5 tai nghe! Follow page, like và share công khai bài viết này", "minigame"],
    ["Quay số trúng thưởng tối nay lúc 20h, bình luận số may mắn của bạn bên dưới", "minigame"],
    ["minigame thang 10: like share va tag 3 ban be de nhan qua", "minigame"],
    ["Tag ít nhất 2 người bạn vào bình luận để tham gia săn quà", "tag_friends"],
    ["Inbox giá sỉ nha chị, sll có giá tốt hơn", "inbox_price"],
    ["inbox gia si nhe, sll co gia tot", "inbox_price"],
    ["Check ib nha bạn ơi, shop báo giá rồi ạ", "inbox_price"],
    ["Hàng về rồi ạ, inbx shop để được tư vấn miễn phí", "inbox_price"],
    ["Liên hệ zalo 0912.345.678 để được tư vấn", "phone_number"],
    ["Hotline: +84 912 345 678 – đặt hàng ngay hôm nay", "phone_number"],
    ["Thanh lý lô áo khoác giá sốc, ship cod toàn quốc, sđt 0987654321", "phone_number"],
    ["SALE SỐC 50% TOÀN BỘ SẢN PHẨM, FREESHIP TOÀN QUỐC", "ads_cta"],
    ["GIẢM GIÁ KỊCH SÀN HÔM NAY DUY NHẤT, MUA NGAY KẺO LỠ", "all_caps_shouting"],
    ["Nhận ship hàng toàn quốc, mua 1 tặng 1, liên hệ 0912345678", "ads_cta"],
    ["Link mua hàng: https://s.shopee.vn/abc https://s.shopee.vn/def https://s.shopee.vn/ghi", "link_farm"],
    ["Săn deal hot: https://a.vn/1 https://b.vn/2 https://c.vn/3", "link_farm"],
    ["Đẹp quá #skincare #lamdep #myphamchinhhang #review #chamsocda #serum #kemchongnang #duongtrang", "hashtag_stuffing"],
    ["em dùng thấy ok lắm ạ, ai cần ib em", "seeding"],
    ["Sữa này ngon lắm, mọi người nên mua thử nha", "seeding"],
    ["dung thay ok lam, ai co nhu cau inbox minh nhe", "seeding"],
  ])("%s", (text, reason) => {
    const { score, reasons } = noiseScore(text);
    expect(score).toBeGreaterThanOrEqual(NOISE_THRESHOLD);
    expect(reasons).toContain(reason);
  });

  test("a text seen several times", () => {
    const text = "Chương trình ưu đãi cực lớn dành cho khách hàng thân thiết trong tháng này";
    expect(noiseScore(text).score).toBeLessThan(NOISE_THRESHOLD);
    const repeated = noiseScore(text, { repeatCount: 3 });
    expect(repeated.score).toBeGreaterThanOrEqual(NOISE_THRESHOLD);
    expect(repeated.reasons).toContain("repeated_text");
  });

  test("an ad from an author posting dozens of times an hour", () => {
    const { score, reasons } = noiseScore("Mua ngay kẻo lỡ, hàng chính hãng", { authorPostsLastHour: 40 });
    expect(score).toBeGreaterThanOrEqual(NOISE_THRESHOLD);
    expect(reasons).toEqual(["author_flooding", "ads_cta"]);
  });

  test("links counted by the collector", () => {
    expect(noiseScore("Xem thêm ở đây", { linkCount: 5 }).reasons).toEqual(["link_farm"]);
  });
});

describe("genuine posts are kept", () => {
  test.each([
    // complaints
    ["Mình gọi tổng đài 1900 1234 mà không ai nghe máy, thất vọng quá"],
    ["Tham gia minigame của page, trúng thưởng mà mãi không nhận được quà, lừa đảo à?"],
    ["Shop giao thiếu hàng, inbox shop mãi không ai trả lời, bực mình thật"],
    ["NGÂN HÀNG GÌ MÀ APP LỖI SUỐT NGÀY, CHUYỂN TIỀN KHÔNG ĐƯỢC"],
    ["Shop này không freeship, phí ship đắt quá"],
    // questions
    ["Có ai dùng thẻ Techcombank bị trừ phí lạ không ạ?"],
    ["Minigame của Vinamilk tuần này có thật không mọi người?"],
    ["Ai nhặt được ví màu đen ở Vincom Bà Triệu cho em xin lại với, sđt của em 0987 654 321"],
    // news
    ["Vietcombank giảm lãi suất cho vay hỗ trợ khách hàng bị ảnh hưởng bởi bão Yagi"],
    ["Shopee tung chương trình khuyến mãi lớn dịp 11/11, giảm đến 50% nhiều mặt hàng"],
    ["Khách hàng may mắn trúng thưởng ô tô trong chương trình quay số của ngân hàng"],
    ["Giá vàng hôm nay 12/10: SJC tăng 500.000 đồng/lượng"],
    ["Đường dây nóng 0243.936.8888 của Bộ Y tế hỗ trợ người dân"],
    ["Bài phân tích hay về thị trường bất động sản: https://vnexpress.net/bat-dong-san-123"],
    // reviews
    ["Mua Samsung A55 ở Thế Giới Di Động được 1 tháng, pin trâu, camera ổn nhưng hơi nóng khi chơi game"],
    ["Sữa Vinamilk ít đường uống ngon lắm, con mình rất thích"],
    ["Mọi người không nên mua sản phẩm này, dùng 2 tuần đã hỏng"],
    ["Son này màu đẹp tuyệt vời, có nên mua không mọi người?"],
    ["Có ai cần pass lại vé concert tối nay không ạ, uy tín nhé"],
    ["Tôi thích Zalo vì gọi video rất ổn định"],
    // customer-service replies and brand posts
    [
      "Dạ Techcombank rất tiếc về trải nghiệm của anh. Anh vui lòng inbox cho fanpage số điện thoại đăng ký để bộ phận chăm sóc khách hàng liên hệ hỗ trợ ạ.",
    ],
    ["Chào bạn, bạn vui lòng liên hệ hotline 1800 588 822 (miễn phí) để được hỗ trợ nhanh nhất nhé"],
    ["Dạ shop xin lỗi chị, chị check ib giúp shop để shop hỗ trợ đổi hàng ạ"],
    ["Chúc mừng năm mới! #Vinamilk #Tet2025 #VuonCaoVietNam"],
  ])("%s", (text) => expect(noiseScore(text).score).toBeLessThan(NOISE_THRESHOLD));

  test("short thanks repeat innocently", () => {
    expect(noiseScore("Cảm ơn shop ạ", { repeatCount: 50 })).toEqual({ score: 0, reasons: [] });
  });

  test("a busy author alone is not noise", () => {
    expect(noiseScore("Cập nhật tình hình giao thông sáng nay", { authorPostsLastHour: 40 }).score).toBeLessThan(NOISE_THRESHOLD);
  });
});

test("scores stay within 0..1 and reasons are listed once, strongest first", () => {
  const { score, reasons } = noiseScore(
    "MINIGAME!!! Like share tag 3 bạn bè, inbox giá, zalo 0912345678, freeship, https://bit.ly/x https://a.vn https://b.vn #a #b #c #d #e #f #g #h",
    { repeatCount: 9, authorPostsLastHour: 99 },
  );
  expect(score).toBeGreaterThan(0.99);
  expect(score).toBeLessThanOrEqual(1);
  expect(new Set(reasons).size).toBe(reasons.length);
  expect(reasons[0]).toBe("repeated_text");
});

test("the repeat detector feeds the score", () => {
  const detector = createRepeatDetector();
  const copies = [
    "Chương trình ưu đãi cực lớn dành cho khách hàng thân thiết tuần 12 😍",
    "chuong trinh uu dai cuc lon danh cho khach hang than thiet tuan 13",
    "CHƯƠNG TRÌNH ƯU ĐÃI CỰC LỚN dành cho khách hàng thân thiết tuần 14!!! @an @binh",
  ];
  const scores = copies.map((text) => noiseScore(text, { repeatCount: detector.seen(text) }).score);
  expect(scores[0]).toBeLessThan(NOISE_THRESHOLD);
  expect(scores[2]).toBeGreaterThanOrEqual(NOISE_THRESHOLD);
});
