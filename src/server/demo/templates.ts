/**
 * Sentences the demo generator combines. {brand}, {product}, {place} and {topic} are filled in; the sentiment
 * model classifies the result like any real post, so the demo's sentiment comes from the product, not from here.
 */
export const DEMO_TEMPLATES = {
  positive: [
    "Uống {product} của {brand} mấy tháng nay, con mình tăng cân đều, rất hài lòng",
    "{brand} giao hàng nhanh, đóng gói cẩn thận, {product} còn hạn dài. Sẽ ủng hộ tiếp!",
    "Vị {product} {brand} thơm ngon, không quá ngọt, cả nhà đều thích",
    "Cảm ơn {brand} đã tài trợ chương trình sữa học đường ở {place}, ý nghĩa quá",
    "Mua {product} {brand} ở siêu thị {place} đang giảm giá, chất lượng vẫn tuyệt vời",
    "Nhân viên tư vấn của {brand} nhiệt tình, đổi hàng nhanh gọn, 10 điểm",
    "{brand} ra mắt {product} mới, bao bì đẹp, uống thử thấy rất ổn",
    "Tin vui: {brand} được vinh danh thương hiệu sữa được tin dùng nhất năm",
  ],
  neutral: [
    "{brand} công bố kết quả kinh doanh quý, doanh thu {product} tăng so với cùng kỳ",
    "Có ai biết {product} {brand} loại nào phù hợp cho bé 2 tuổi không ạ?",
    "{brand} khai trương điểm bán mới tại {place}",
    "Giá {product} {brand} tháng này ở {place} là bao nhiêu mọi người?",
    "Hội thảo dinh dưỡng do {brand} tổ chức sẽ diễn ra cuối tuần này tại {place}",
    "{brand} và các doanh nghiệp sữa bàn về tiêu chuẩn {topic} mới",
    "So sánh thành phần {product} của {brand} với các hãng khác",
    "Đại diện {brand} trả lời phỏng vấn về kế hoạch mở rộng nhà máy",
  ],
  negative: [
    "Mua {product} {brand} về mở ra bị vón cục, mùi lạ, thất vọng quá",
    "Giao hàng chậm cả tuần, gọi tổng đài {brand} không ai nghe máy",
    "{product} {brand} tăng giá liên tục mà chất lượng không bằng trước",
    "Con mình uống {product} {brand} xong bị đau bụng, mọi người cẩn thận",
    "Phản ánh: hộp {product} {brand} mua ở {place} bị phồng, hạn sử dụng còn dài",
    "Dịch vụ chăm sóc khách hàng của {brand} quá tệ, hứa đổi hàng rồi im lặng",
  ],
  crisis: [
    "Phát hiện dị vật trong hộp {product} {brand} tại {place}, phụ huynh hoang mang",
    "Hàng loạt phụ huynh phản ánh {product} {brand} có mùi lạ, yêu cầu thu hồi",
    "{brand} bị tố bán {product} kém chất lượng, cơ quan chức năng vào cuộc",
    "Tẩy chay {brand}! Không thể chấp nhận chuyện {product} có dị vật",
  ],
  replies: [
    "Mình cũng bị y như vậy luôn",
    "Bạn đã liên hệ {brand} chưa?",
    "Chuẩn, mình dùng {product} lâu rồi",
    "Cảm ơn bạn đã chia sẻ",
    "Hóng {brand} phản hồi",
  ],
} as const;

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
export const DEMO_HASHTAGS = ["suatuoi", "mevabe", "dinhduong", "review", "khuyenmai", "tieudung"];
