import { useTranslation } from "react-i18next";
import { RATING_MAX } from "../shared/mention.ts";

const STARS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);
const STAR = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";

/** A review's rating, 1 to 5 stars. */
export function RatingStars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  return (
    <span
      className="inline-flex items-center gap-0.5"
      role="img"
      aria-label={t("mention.rating", { value: rating, max: RATING_MAX })}
      data-rating={rating}
    >
      {STARS.map((star) => (
        <svg key={star} viewBox="0 0 24 24" aria-hidden="true" className={`size-3.5 ${star <= rating ? "fill-warning" : "fill-base-300"}`}>
          <path d={STAR} />
        </svg>
      ))}
    </span>
  );
}
