import { useTranslation } from "react-i18next";
import type { SentimentReasons } from "../shared/api-types.ts";
import { SENTIMENTS, type Sentiment } from "../shared/sentiment.ts";
import { SentimentReasonsTip } from "./SentimentReasonsTip.tsx";

/**
 * Sentiment in its colour (positive green, neutral grey, negative pink), as a tint so the text stays dark. With
 * `explain`, the chip is a button that shows why the model reads the mention so (SentimentReasonsTip).
 */
export function SentimentChip({ sentiment, explain }: { sentiment: Sentiment; explain?: () => Promise<SentimentReasons> }) {
  const { t } = useTranslation();
  const { name, color } = SENTIMENTS[sentiment];
  const chip = (
    <span
      className="inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium"
      style={{ backgroundColor: `${color}26` }}
      data-sentiment={sentiment}
    >
      <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: color }} />
      {t(`filters.sentiment.${name}`)}
    </span>
  );
  return explain ? <SentimentReasonsTip load={explain}>{chip}</SentimentReasonsTip> : chip;
}
