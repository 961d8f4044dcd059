import colors from "./colors.json" with { type: "json" };

export const SENTIMENT = { neutral: 0, positive: 1, negative: 2 } as const;
export type Sentiment = (typeof SENTIMENT)[keyof typeof SENTIMENT];
export type SentimentName = keyof typeof SENTIMENT;

export const SENTIMENTS: readonly { id: Sentiment; name: SentimentName; color: string }[] = (
  Object.entries(SENTIMENT) as [SentimentName, Sentiment][]
).map(([name, id]) => ({ id, name, color: colors.sentiment[name] }));

/** Positive, neutral, negative: the order donuts, bars and legends show sentiments in. */
export const SENTIMENT_ORDER = [SENTIMENT.positive, SENTIMENT.neutral, SENTIMENT.negative].map((id) => SENTIMENTS[id]);
