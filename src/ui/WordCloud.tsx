import { layoutCloud, type CloudTerm } from "./word-cloud.ts";

const MIN_SIZE = 13;
const MAX_SIZE = 36;
/** The ten most frequent terms in the brand colour, the rest in quieter tones. */
const TOP_RANKS = 10;

export function WordCloud({ terms, countLabel }: { terms: CloudTerm[]; countLabel: (count: number) => string }) {
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
          {t.term}
        </li>
      ))}
    </ul>
  );
}
