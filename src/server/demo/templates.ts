/**
 * Sentences the demo generator combines. {brand}, {product}, {place} and {topic} are filled in; the sentiment
 * model classifies the result like any real post, so the demo's sentiment comes from the product, not from here.
 * Each text names the kinds of channel it fits: an outlet's report is not a parent's post, and an app review is
 * about the app.
 */

/** Who writes on a channel, and so which texts fit there. */
export type DemoKind = "press" | "social" | "professional" | "app_review" | "place_review" | "shop_review";
export type DemoMood = "positive" | "neutral" | "negative" | "crisis";
type DemoTemplate = { text: string; kinds: readonly DemoKind[]; hashtags?: readonly string[] };

/** Channel id → its kind: news, paper and TV are outlets; reviews are about an app, a place or a shop's product. */
export const CHANNEL_KIND: Record<number, DemoKind> = {
  1: "social",
  2: "press",
  3: "press",
  4: "press",
  5: "social",
  6: "social",
  7: "social",
  8: "app_review",
  9: "social",
  10: "place_review",
  11: "social",
  12: "professional",
  13: "social",
  14: "shop_review",
  15: "social",
};

/** The kinds whose posts are reviews with 1–5 stars. */
export const REVIEW_KINDS: ReadonlySet<DemoKind> = new Set(["app_review", "place_review", "shop_review"]);

/** The stars a reviewer of each mood gives, lowest and highest: a crisis is no reviewer's subject, but reads as a complaint. */
export const DEMO_STARS: Record<DemoMood, readonly [number, number]> = {
  positive: [4, 5],
  neutral: [3, 3],
  negative: [1, 2],
  crisis: [1, 2],
};

/** Outlets publish under their own name; on every other kind a person writes. */
export const hasPersonAuthor = (kind: DemoKind) => kind !== "press";

export const DEMO_TEMPLATES: Record<DemoMood, readonly DemoTemplate[]> = {
  positive: [
    { text: "Uống {product} của {brand} mấy tháng nay, con mình tăng cân đều, rất hài lòng", kinds: ["social", "shop_review"] },
    { text: "{brand} giao hàng nhanh, đóng gói cẩn thận, {product} còn hạn dài. Sẽ ủng hộ tiếp!", kinds: ["shop_review", "social"] },
    { text: "Vị {product} {brand} thơm ngon, không quá ngọt, cả nhà đều thích", kinds: ["social", "shop_review"] },
    { text: "Cảm ơn {brand} đã tài trợ chương trình sữa học đường ở {place}, ý nghĩa quá", kinds: ["social"] },
    {
      text: "Mua {product} {brand} ở siêu thị {place} đang giảm giá, chất lượng vẫn tuyệt vời",
      kinds: ["social"],
      hashtags: ["khuyenmai"],
    },
    { text: "Nhân viên tư vấn của {brand} ở {place} nhiệt tình, đổi hàng nhanh gọn, 10 điểm", kinds: ["place_review", "social"] },
    { text: "{brand} ra mắt {product} mới, bao bì đẹp, uống thử thấy rất ổn", kinds: ["social"] },
    { text: "{brand} được vinh danh thương hiệu sữa được người tiêu dùng tin dùng nhất năm", kinds: ["press", "professional"] },
    { text: "{brand} tài trợ chương trình sữa học đường cho học sinh {place}", kinds: ["press", "professional"] },
    { text: "Ứng dụng {brand} đặt {product} tiện, giao đúng giờ, tích điểm dễ", kinds: ["app_review"] },
    { text: "App {brand} dễ dùng, theo dõi đơn hàng rõ ràng, thanh toán nhanh", kinds: ["app_review"] },
    { text: "Cửa hàng {brand} ở {place} sạch sẽ, hàng luôn đủ, nhân viên vui vẻ", kinds: ["place_review"] },
    // Growth and openings are good news for the brand, as a PR team scores coverage.
    { text: "{brand} công bố kết quả kinh doanh quý, doanh thu {product} tăng so với cùng kỳ", kinds: ["press", "professional"] },
    { text: "{brand} khai trương điểm bán mới tại {place}", kinds: ["press", "professional"] },
  ],
  neutral: [
    { text: "Có ai biết {product} {brand} loại nào phù hợp cho bé 2 tuổi không ạ?", kinds: ["social"] },
    { text: "Giá {product} {brand} tháng này ở {place} là bao nhiêu mọi người?", kinds: ["social"] },
    { text: "Hội thảo dinh dưỡng do {brand} tổ chức sẽ diễn ra cuối tuần này tại {place}", kinds: ["press", "professional"] },
    { text: "{brand} và các doanh nghiệp sữa bàn về tiêu chuẩn {topic} mới", kinds: ["press", "professional"] },
    { text: "So sánh thành phần {product} của {brand} với các hãng khác", kinds: ["social"] },
    { text: "Đại diện {brand} trả lời phỏng vấn về kế hoạch mở rộng nhà máy", kinds: ["press", "professional"] },
    { text: "App {brand} dùng được, nhưng nên thêm mục tra cứu hạn sử dụng {product}", kinds: ["app_review"] },
    { text: "Ứng dụng {brand} ổn, thỉnh thoảng tải chậm lúc thanh toán", kinds: ["app_review"] },
    { text: "Điểm bán {brand} ở {place} đủ hàng, chỗ để xe hơi chật", kinds: ["place_review"] },
    { text: "{product} {brand} đúng mô tả, giao hàng bình thường", kinds: ["shop_review"] },
  ],
  negative: [
    { text: "Mua {product} {brand} về mở ra bị vón cục, mùi lạ, thất vọng quá", kinds: ["social", "shop_review"] },
    { text: "Giao hàng chậm cả tuần, gọi tổng đài {brand} không ai nghe máy", kinds: ["social", "shop_review"] },
    { text: "{product} {brand} tăng giá liên tục mà chất lượng không bằng trước", kinds: ["social"] },
    { text: "Con mình uống {product} {brand} xong bị đau bụng, mọi người cẩn thận", kinds: ["social"] },
    { text: "Phản ánh: hộp {product} {brand} mua ở {place} bị phồng, hạn sử dụng còn dài", kinds: ["social"] },
    { text: "Dịch vụ chăm sóc khách hàng của {brand} quá tệ, hứa đổi hàng rồi im lặng", kinds: ["social", "place_review"] },
    { text: "Người tiêu dùng phản ánh giá {product} {brand} tăng liên tục trong quý", kinds: ["press"] },
    { text: "{brand} bị nhắc nhở vì ghi nhãn {product} chưa đúng quy định về {topic}", kinds: ["press", "professional"] },
    { text: "App {brand} hay bị lỗi đăng nhập, đặt {product} mãi không được", kinds: ["app_review"] },
    { text: "Ứng dụng {brand} trừ tiền rồi mà đơn không lên, chán", kinds: ["app_review"] },
    { text: "Cửa hàng {brand} ở {place} đóng cửa sớm hơn giờ ghi trên bản đồ, đi uổng công", kinds: ["place_review"] },
  ],
  // The outlets' headlines are also what people share on social networks.
  crisis: [
    { text: "Phát hiện dị vật trong hộp {product} {brand} tại {place}, phụ huynh hoang mang", kinds: ["press", "social"] },
    { text: "Hàng loạt phụ huynh phản ánh {product} {brand} có mùi lạ, yêu cầu thu hồi", kinds: ["press", "social"] },
    { text: "{brand} bị tố bán {product} kém chất lượng, cơ quan chức năng vào cuộc", kinds: ["press", "social"] },
    { text: "Tẩy chay {brand}! Không thể chấp nhận chuyện {product} có dị vật", kinds: ["social"] },
    { text: "Nhà mình mua {product} {brand} ở {place}, mở ra thấy dị vật, các mẹ kiểm tra lại nhé", kinds: ["social"] },
    { text: "Con uống {product} {brand} xong bị nôn, phụ huynh ở {place} đang hỏi nhau, sợ quá", kinds: ["social"] },
  ],
};

/** Comments under a post on a social channel. */
export const DEMO_REPLIES: readonly DemoTemplate[] = [
  { text: "Mình cũng bị y như vậy luôn", kinds: ["social"] },
  { text: "Bạn đã liên hệ {brand} chưa?", kinds: ["social"] },
  { text: "Chuẩn, mình dùng {product} lâu rồi", kinds: ["social"] },
  { text: "Cảm ơn bạn đã chia sẻ", kinds: ["social"] },
  { text: "Hóng {brand} phản hồi", kinds: ["social"] },
];

/** The hashtags people add to a post of each mood, unless its text brings its own. */
export const DEMO_HASHTAGS: Record<DemoMood, readonly string[]> = {
  positive: ["suatuoi", "mevabe", "dinhduong", "review"],
  neutral: ["mevabe", "dinhduong", "tieudung", "hoidap"],
  negative: ["review", "tieudung", "phananh"],
  crisis: ["canhbao", "antoanthucpham", "phananh"],
};

/** The crisis is one incident (one product, one place), so its posts are copies of a few stories; some reposts add a line. */
export const DEMO_CRISIS = {
  product: "sữa tươi",
  place: "Cần Thơ",
  reposts: ["Mọi người chia sẻ giúp để các mẹ cẩn thận nhé: ", "Nóng: ", "Các mẹ có con nhỏ đọc ngay, nhà mình vừa mua hôm qua. "],
} as const;

export const DEMO_PRODUCTS = ["sữa tươi", "sữa chua", "sữa bột", "sữa hạt", "phô mai", "sữa đặc"];
export const DEMO_TOPICS = ["an toàn thực phẩm", "ghi nhãn", "dinh dưỡng học đường"];
export const DEMO_PLACES = [
  "Hà Nội",
  "TP.HCM",
  "Đà Nẵng",
  "Hải Phòng",
  "Cần Thơ",
  "Nghệ An",
  "Bình Dương",
  "Khánh Hòa",
  "Thanh Hóa",
  "Lâm Đồng",
];
