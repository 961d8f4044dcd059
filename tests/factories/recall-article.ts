/** A recall of one brand's milk that sends parents to its competitor: bad news for one, good news for the other. */
export const RECALL_ARTICLE = {
  channel: 2,
  external_id: "vne-thu-hoi",
  url: "https://vnexpress.net/sua-bot-moc-lan-bi-thu-hoi.html",
  title: "Sữa bột Mộc Lan bị thu hồi vì nhiễm khuẩn",
  content:
    "Cục An toàn thực phẩm yêu cầu thu hồi toàn bộ lô sữa bột Mộc Lan nhiễm khuẩn sau khi nhiều trẻ bị ngộ độc phải nhập viện. " +
    "Nhiều phụ huynh đã chuyển sang dùng sữa NutriViệt và khen sản phẩm thơm ngon, chất lượng tốt.",
  published_at: "2026-11-20T08:00:00+07:00",
  source: { name: "VnExpress" },
  metrics: { likes: 40, shares: 6, comments: 12 },
};
