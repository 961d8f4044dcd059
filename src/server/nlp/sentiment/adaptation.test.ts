import { describe, expect, it } from "vitest";
import { adapt, baseReading, decodeAdaptation, encodeAdaptation, fitAdaptation, type CorrectionExample } from "./adaptation.ts";
import { fitWithChosenStrength } from "./adaptation-strength.ts";
import { classify, sentimentModel } from "./classify.ts";
import type { SentimentLabel } from "./sentiment-model.ts";

const NEGATIVE = 2;
const read = (text: string) => baseReading(sentimentModel(), text);
const corrected = (texts: string[], label: SentimentLabel): CorrectionExample[] => texts.map((text) => ({ text, label, base: read(text) }));

// Store closings are bad news for the chain; a PR team corrects each one it sees to negative.
const CLOSINGS = [
  "Bách Hóa Xanh đóng cửa 200 cửa hàng",
  "FPT Shop đóng cửa 50 cửa hàng trên toàn quốc",
  "Thế Giới Di Động đóng cửa hàng loạt cửa hàng",
  "Chuỗi cà phê The Coffee House đóng cửa nhiều cửa hàng",
  "Vinmart đóng cửa các cửa hàng thua lỗ",
];
const UNRELATED = [
  "Phở Thìn nước dùng đậm đà, rất ngon",
  "Khách sạn sạch sẽ, nhân viên thân thiện",
  "Hôm nay trời mưa to ở Hà Nội",
  "Vinamilk ra mắt dòng sữa hạt mới",
];

describe("sentiment adaptation (a residual on the base model's log-scores)", () => {
  const adaptation = fitAdaptation(corrected(CLOSINGS, NEGATIVE));
  const adapted = adapt(read, adaptation);

  it("learns the corrected examples", () => {
    for (const text of CLOSINGS) expect(adapted(text).label, text).toBe(NEGATIVE);
  });

  it.each(["Điện Máy Xanh đóng cửa 30 cửa hàng", "Co.op Food đóng cửa 12 cửa hàng"])(
    "moves a similar text it never saw towards the correction: %s",
    (text) => {
      expect(adapted(text).scores[NEGATIVE]).toBeGreaterThan(classify(text).scores[NEGATIVE] + 0.1);
    },
  );

  it.each(UNRELATED)("leaves a text that shares none of the pattern's words as the base reads it: %s", (text) => {
    const before = classify(text);
    const after = adapted(text);
    expect(after.label).toBe(before.label);
    for (let c = 0; c < 3; c++) expect(Math.abs(after.scores[c] - before.scores[c])).toBeLessThan(0.01);
  });

  it("moves a text in proportion to its news share: a review sharing the pattern's words barely moves", () => {
    const review = "cửa hàng đóng cửa sớm quá, shop giao hàng chậm, sản phẩm kém";
    const newsShare = read(review).scale;
    expect(newsShare).toBeLessThan(0.05);
    const asNews = adapt((text) => ({ ...read(text), scale: 1 }), adaptation);
    const logOdds = (scores: readonly number[]) => Math.log(scores[NEGATIVE] / scores[0]);
    const base = logOdds(classify(review).scores);
    expect(logOdds(adapted(review).scores) - base).toBeCloseTo(newsShare * (logOdds(asNews(review).scores) - base), 6);
    expect(Math.abs(logOdds(asNews(review).scores) - base)).toBeGreaterThan(0.1);
  });

  it("keeps the base reading with no corrections", () => {
    const none = adapt(read, fitAdaptation([]));
    for (const text of [...CLOSINGS, ...UNRELATED])
      expect(none(text).scores).toEqual(classify(text).scores.map((p) => expect.closeTo(p, 12)));
  });

  it("survives encoding to bytes and back", () => {
    const decoded = decodeAdaptation(encodeAdaptation(adaptation));
    expect(decoded.hashes).toEqual(adaptation.hashes);
    expect(decoded.weights).toEqual(adaptation.weights);
    expect(decoded.features).toEqual(adaptation.features);
    expect(() => decodeAdaptation(encodeAdaptation(adaptation).subarray(0, 40))).toThrow();
  });
});

// A shop's customers say an item is only made to order; the account corrects each such review to negative.
const ORDERED = [
  "Shop toàn hàng order, đợi ba tuần mới nhận được",
  "Hàng order lâu quá, shop báo một tuần mà gần tháng chưa thấy",
  "Đặt áo mà phải chờ hàng order cả tháng",
  "Shop nhận đơn rồi mới order, chờ mỏi mòn",
  "Hàng order về chậm, hỏi shop thì bảo chờ thêm",
];
const REVIEW = { kind: "review" } as const;

describe("an adaptation learnt from corrections of consumers' reviews", () => {
  const model = sentimentModel();
  const asReview = (text: string) => baseReading(model, text, REVIEW);
  const adaptation = fitAdaptation(ORDERED.map((text) => ({ text, label: NEGATIVE, base: asReview(text) })));
  const adapted = adapt((text, context) => baseReading(model, text, context), adaptation);

  it("takes the whole residual on a text whose source says who wrote it, the news share on one whose source is unknown", () => {
    expect(asReview("Shop giao hàng nhanh").scale).toBe(1);
    expect(baseReading(model, "Shop giao hàng nhanh").scale).toBe(model.classifyWithNewsShare("Shop giao hàng nhanh").newsShare);
  });

  it("moves a consumer's review read with its source towards the correction", () => {
    const text = "Mua hàng order ở shop này chờ hơn hai tuần";
    expect(adapted(text, REVIEW).scores[NEGATIVE]).toBeGreaterThan(model.classify(text, REVIEW).scores[NEGATIVE] + 0.05);
  });

  it("leaves a review that shares none of the corrections' words as the consumer head reads it", () => {
    const text = "Phở nước dùng đậm đà, ngon tuyệt";
    const before = model.classify(text, REVIEW);
    expect(adapted(text, REVIEW).label).toBe(before.label);
    adapted(text, REVIEW).scores.forEach((p, c) => expect(Math.abs(p - before.scores[c])).toBeLessThan(0.01));
  });
});

// News about stores that nobody corrected: the shared word "cửa hàng" must not carry the closings' label to them.
const ANCHORS = [
  "Highlands khai trương cửa hàng mới tại Đà Nẵng",
  "Circle K mở thêm 20 cửa hàng",
  "Pharmacity có 1.000 cửa hàng trên toàn quốc",
  "Bách Hóa Xanh thay đổi giờ mở cửa hàng",
  "Long Châu khai trương cửa hàng thứ 1.500",
].map((text) => ({ text, base: read(text) }));

describe("an adaptation's strength chosen by cross-validation", () => {
  const closings = corrected(CLOSINGS, NEGATIVE);
  const { adaptation, l2 } = fitWithChosenStrength(closings, ANCHORS);
  const adapted = adapt(read, adaptation);

  it("picks a penalty from its grid", () => {
    expect([0.3, 1, 3, 10]).toContain(l2);
  });

  it("moves the corrected texts towards their label", () => {
    for (const c of closings) expect(adapted(c.text).scores[NEGATIVE], c.text).toBeGreaterThan(c.base.scores[NEGATIVE]);
  });

  it("moves the anchors less than the corrections", () => {
    const moved = (text: string, before: readonly number[]) => Math.abs(adapted(text).scores[NEGATIVE] - before[NEGATIVE]);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(ANCHORS.map((a) => moved(a.text, a.base.scores)))).toBeLessThan(mean(closings.map((c) => moved(c.text, c.base.scores))));
  });
});
