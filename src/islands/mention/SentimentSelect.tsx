import { useTranslation } from "react-i18next";
import { SENTIMENTS, type Sentiment } from "../../shared/sentiment.ts";

/** The sentiment chip, editable in place: a native select keeps it usable by keyboard and on phones. */
export function SentimentSelect({
  sentiment,
  manual,
  onChange,
}: {
  sentiment: Sentiment;
  manual: boolean;
  onChange: (sentiment: Sentiment) => void;
}) {
  const { t } = useTranslation();
  const { color } = SENTIMENTS[sentiment];
  return (
    <label className="inline-flex shrink-0 items-center" title={manual ? t("mention.sentiment_manual") : t("mention.sentiment_model")}>
      <span className="sr-only">{t("filters.sentiment_label")}</span>
      <select
        className="select select-xs h-6 w-auto rounded-full pr-7 pl-2.5 text-xs font-medium"
        style={{ backgroundColor: `${color}26`, borderColor: `${color}99` }}
        value={sentiment}
        onChange={(e) => onChange(Number(e.target.value) as Sentiment)}
        data-testid="sentiment-select"
      >
        {SENTIMENTS.map((s) => (
          <option key={s.id} value={s.id}>
            {t(`filters.sentiment.${s.name}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
