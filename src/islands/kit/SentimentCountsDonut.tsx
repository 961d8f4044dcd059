import { useTranslation } from "react-i18next";
import { formatNumber } from "../../shared/format.ts";
import { SENTIMENT_ORDER, type Sentiment, type SentimentName } from "../../shared/sentiment.ts";
import { Donut } from "../../ui/Donut.tsx";

/** Mentions per sentiment as a donut with their total in the middle; `href` lists a slice's mentions. */
export function SentimentCountsDonut({ counts, href }: { counts: Record<SentimentName, number>; href?: (sentiment: Sentiment) => string }) {
  const { t } = useTranslation();
  const slices = SENTIMENT_ORDER.map((s) => ({
    key: s.id,
    label: t(`filters.sentiment.${s.name}`),
    value: counts[s.name],
    color: s.color,
    href: href?.(s.id),
  }));
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  return <Donut slices={slices} centerValue={formatNumber(total)} centerLabel={t("overview.mentions_unit")} />;
}
