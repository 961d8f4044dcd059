import { formatNumber, formatPercent, percentages } from "../shared/format.ts";

/** `href`: where the slice's mentions are listed (its legend entry becomes that link). */
export type DonutSlice = { key: string | number; label: string; value: number; color: string; href?: string };

// A circle of circumference 100 makes each arc's dash length its percentage.
const RADIUS = 100 / (2 * Math.PI);

/** An SVG donut with a legend of values and shares (two decimals, summing to 100 %). */
export function Donut({ slices, centerLabel, centerValue }: { slices: DonutSlice[]; centerLabel: string; centerValue: string }) {
  const shares = percentages(slices.map((s) => s.value));
  let start = 0;
  const arcs = slices.map((slice, i) => {
    const arc = { ...slice, share: shares[i], start };
    start += shares[i];
    return arc;
  });
  return (
    <div className="flex flex-wrap items-center justify-center gap-x-6 gap-y-4">
      <div className="relative size-36 shrink-0">
        <svg viewBox="0 0 42 42" className="size-full -rotate-90" aria-hidden="true">
          <circle cx="21" cy="21" r={RADIUS} fill="none" className="stroke-base-200" strokeWidth="6" />
          {arcs
            .filter((arc) => arc.share > 0)
            .map((arc) => (
              <circle
                key={arc.key}
                cx="21"
                cy="21"
                r={RADIUS}
                fill="none"
                stroke={arc.color}
                strokeWidth="6"
                strokeDasharray={`${arc.share} ${100 - arc.share}`}
                strokeDashoffset={-arc.start}
              />
            ))}
        </svg>
        <div className="absolute inset-0 flex flex-col items-center justify-center text-center">
          <span className="text-lg font-semibold leading-tight">{centerValue}</span>
          <span className="text-xs text-base-content/60">{centerLabel}</span>
        </div>
      </div>
      <ul className="flex min-w-40 flex-1 flex-col gap-2 text-sm">
        {arcs.map((arc) => {
          const entry = (
            <>
              <span aria-hidden="true" className="size-3 shrink-0 rounded-sm" style={{ backgroundColor: arc.color }} />
              <span className="min-w-0 flex-1 truncate" title={arc.label}>
                {arc.label}
              </span>
              <span className="tabular-nums text-base-content/60" data-testid="donut-value">
                {formatNumber(arc.value)}
              </span>
              <span className="w-16 text-right font-medium tabular-nums">{formatPercent(arc.share)}</span>
            </>
          );
          return (
            <li key={arc.key} data-testid="donut-legend-item" data-share={arc.share} data-key={arc.key}>
              {arc.href ? (
                <a href={arc.href} className="-mx-1 flex items-center gap-2 rounded px-1 hover:bg-base-200">
                  {entry}
                </a>
              ) : (
                <span className="flex items-center gap-2">{entry}</span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
