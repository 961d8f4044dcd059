import { describe, expect, test } from "vitest";
import { classify } from "../nlp/sentiment/classify.ts";
import { documentContext } from "../nlp/sentiment/reading-context.ts";
import { SENTIMENT } from "../../shared/sentiment.ts";
import { MENTION_TYPE } from "../../shared/mention.ts";
import {
  CHANNEL_KIND,
  DEMO_PLACES,
  DEMO_PRODUCTS,
  DEMO_STARS,
  DEMO_TEMPLATES,
  DEMO_TOPICS,
  REVIEW_KINDS,
  type DemoMood,
} from "./templates.ts";

const MEANT: Record<DemoMood, number> = {
  positive: SENTIMENT.positive,
  neutral: SENTIMENT.neutral,
  negative: SENTIMENT.negative,
  crisis: SENTIMENT.negative,
};
const BRANDS = ["Sữa Mộc Lan", "Đồng Xanh", "NutriViệt"];

/**
 * Every way the generator fills a template on a channel it fits, read as the pipeline reads a stored post: with its
 * channel, its kind (a review where the channel is one) and the stars a writer of that mood gives.
 */
function readings(mood: DemoMood, text: string, kinds: readonly string[]) {
  const channels = Object.entries(CHANNEL_KIND).filter(([, kind]) => kinds.includes(kind));
  return channels.flatMap(([channel, kind]) =>
    DEMO_STARS[mood].flatMap((stars) =>
      BRANDS.flatMap((brand) =>
        DEMO_PRODUCTS.map((product, i) => {
          const filled = text
            .replaceAll("{brand}", brand)
            .replaceAll("{product}", product)
            .replaceAll("{place}", DEMO_PLACES[i % DEMO_PLACES.length])
            .replaceAll("{topic}", DEMO_TOPICS[i % DEMO_TOPICS.length]);
          const rating = REVIEW_KINDS.has(kind as never) ? stars : null;
          return classify(filled, documentContext({ channel: Number(channel), mention_type: MENTION_TYPE.post, rating })).label;
        }),
      ),
    ),
  );
}

/**
 * Templates the committed model still misreads, with why: the list must shrink, never grow (a model that reads one of
 * them right fails this test until it is taken off).
 */
const KNOWN_MISREADINGS = new Map([
  // The news head reads "mới" (new) in coverage as good news; the brand-news rubric calls a plain meeting neutral.
  ["{brand} và các doanh nghiệp sữa bàn về tiêu chuẩn {topic} mới", "positive"],
  // A three-star review with a wish: the stars and "nhưng" lean it negative; the rubric reads a plain wish as neutral.
  ["App {brand} dùng được, nhưng nên thêm mục tra cứu hạn sử dụng {product}", "negative"],
]);

describe("the demo reads as it was written, through the model the product reads with", () => {
  test("each template reads as its mood in at least half of its fills, but the known misreadings", () => {
    const misread = (Object.entries(DEMO_TEMPLATES) as [DemoMood, (typeof DEMO_TEMPLATES)[DemoMood]][]).flatMap(([mood, templates]) =>
      templates.flatMap(({ text, kinds }) => {
        const labels = readings(mood, text, kinds);
        // Half, not all: a brand's or a product's name may still tip a short text.
        return labels.filter((label) => label === MEANT[mood]).length * 2 >= labels.length ? [] : [text];
      }),
    );
    expect(misread).toEqual([...KNOWN_MISREADINGS.keys()]);
  });

  test("no complaint or crisis post reads positive, and no praise reads negative, in any fill", () => {
    const opposite: Partial<Record<DemoMood, number>> = {
      positive: SENTIMENT.negative,
      negative: SENTIMENT.positive,
      crisis: SENTIMENT.positive,
    };
    const flipped = (Object.entries(opposite) as [DemoMood, number][]).flatMap(([mood, wrong]) =>
      DEMO_TEMPLATES[mood].filter(({ text, kinds }) => readings(mood, text, kinds).includes(wrong as never)).map((t) => t.text),
    );
    expect(flipped).toEqual([]);
  });
});
