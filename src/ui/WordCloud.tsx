import { layoutCloud, type CloudTerm } from "./word-cloud.ts";

const MIN_SIZE = 13;
const MAX_SIZE = 36;
/** The ten most frequent terms in the brand colour, the rest in quieter tones. */
const TOP_RANKS = 10;

/** `href`, when given, makes each term a link (to the mentions it counts). */
export function WordCloud({
  terms,
  countLabel,
  href,
}: {
  terms: CloudTerm[];
  countLabel: (count: number) => string;
  href?: (term: string) => string;
}) {
  return (
    <ul className="flex flex-1 flex-wrap content-center items-center justify-center gap-x-3 gap-y-1 py-2" data-testid="word-cloud">
      {layoutCloud(terms, MIN_SIZE, MAX_SIZE).map((t) => (
        <li
          key={t.term}
          className={`leading-tight ${t.rank < TOP_RANKS ? "font-semibold text-primary" : "text-secondary/80"}`}
          style={{ fontSize: t.size }}
          title={countLabel(t.count)}
          data-count={t.count}
        >
          {href ? (
            <a href={href(t.term)} className="link-hover" aria-label={`${t.term}: ${countLabel(t.count)}`}>
              {t.term}
            </a>
          ) : (
            t.term
          )}
        </li>
      ))}
    </ul>
  );
}
