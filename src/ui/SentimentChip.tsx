import { useTranslation } from "react-i18next";
import { SENTIMENTS, type Sentiment } from "../shared/sentiment.ts";

/** Sentiment in its colour (positive green, neutral grey, negative pink), as a tint so the text stays dark. */
export function SentimentChip({ sentiment }: { sentiment: Sentiment }) {
  const { t } = useTranslation();
  const { name, color } = SENTIMENTS[sentiment];
  return (
    <span
      className="inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium"
      style={{ backgroundColor: `${color}26` }}
      data-sentiment={sentiment}
    >
      <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: color }} />
      {t(`filters.sentiment.${name}`)}
    </span>
  );
}
