import { useEffect, useMemo, useRef, useState } from "react";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import UplotReact from "uplot-react";
import { formatNumber } from "../shared/format.ts";
import type { Granularity } from "../shared/time-range.ts";
import { bucketLabel, bucketTitle, labelledBuckets } from "./chart-axis.ts";

/**
 * `dash`: a reference line (a baseline) drawn dashed, e.g. [6, 4]. `pointHref`: where a bucket's value of this line is
 * listed (the mentions it counts); the legend's value for a chosen bucket is then that link.
 */
type ChartSeries = { label: string; color: string; values: number[]; dash?: number[]; pointHref?: (bucket: string) => string };

type Props = { granularity: Granularity; buckets: string[]; series: ChartSeries[]; totalLabel: string; height?: number };

const AXIS_FONT = '12px "Be Vietnam Pro", system-ui, sans-serif';
const AXIS_STYLE = { stroke: "#6b7280", font: AXIS_FONT, grid: { stroke: "#eef1f5", width: 1 }, ticks: { show: false } };
const LABEL_WIDTH = { hour: 48, day: 52, week: 96 } as const;
const WHOLE_STEPS = [1, 2, 5]
  .flatMap((base) => [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000].map((power) => base * power))
  .sort((a, b) => a - b);

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * Lines over time buckets (uPlot), x labels per granularity in Vietnam time, numbers formatted the spec's way. The
 * legend below shows the period's totals, or the values of the bucket under the pointer or chosen (a click, or the arrow
 * keys on the focused chart), each a link to its mentions where the line has them.
 */
export function TimeSeriesChart({ granularity, buckets, series, totalLabel, height = 240 }: Props) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [hovered, setHovered] = useState<number | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const shown = hovered ?? (chosen !== null && chosen < buckets.length ? chosen : null);
  const linked = series.some((s) => s.pointHref);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const referenceYear = buckets.length > 0 ? new Date(buckets[buckets.length - 1]).getUTCFullYear() : new Date().getUTCFullYear();
  const options = useMemo<uPlot.Options>(
    () => ({
      width,
      height,
      // Counts: the y axis starts at zero and steps in whole numbers.
      scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(4, max * 1.1)] } },
      cursor: { y: false, points: { size: 7 } },
      legend: { show: false },
      hooks: {
        setCursor: [(u) => setHovered(u.cursor.idx ?? null)],
        // The cursor's own index: a click may come before React has rendered the hover that preceded it.
        ready: [(u) => u.over.addEventListener("click", () => u.cursor.idx != null && setChosen(u.cursor.idx))],
      },
      series: [
        {},
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: 2,
          dash: s.dash,
          points: { show: !s.dash && width / Math.max(buckets.length, 1) >= 16 },
        })),
      ],
      axes: [
        {
          ...AXIS_STYLE,
          grid: { show: false },
          splits: () => labelledBuckets(buckets.length, Math.max(width - 60, 1), LABEL_WIDTH[granularity]),
          values: (_u, splits) => splits.map((i) => (buckets[i] ? bucketLabel(granularity, buckets[i], referenceYear) : "")),
        },
        { ...AXIS_STYLE, size: 56, incrs: WHOLE_STEPS, values: (_u, splits) => splits.map((v) => formatNumber(v)) },
      ],
    }),
    [width, height, granularity, buckets, series, referenceYear],
  );
  const data = useMemo<uPlot.AlignedData>(() => [buckets.map((_, i) => i), ...series.map((s) => s.values)], [buckets, series]);

  const step = (key: string) => {
    const last = buckets.length - 1;
    if (key === "ArrowLeft") setChosen((i) => Math.max(0, (i ?? last + 1) - 1));
    else if (key === "ArrowRight") setChosen((i) => Math.min(last, (i ?? -1) + 1));
    else return false;
    return true;
  };

  return (
    <div className="flex min-w-0 flex-col gap-2" data-testid="time-series-chart">
      {/* With links, the chart is a slider over its buckets: the arrow keys choose one, and the legend links its values. */}
      <div
        ref={boxRef}
        className={`w-full min-w-0 rounded ${linked ? "cursor-pointer focus-visible:outline-2 focus-visible:outline-primary" : ""}`}
        {...(linked && {
          role: "slider",
          tabIndex: 0,
          "aria-label": totalLabel,
          "aria-valuemin": 0,
          "aria-valuemax": Math.max(0, buckets.length - 1),
          "aria-valuenow": shown ?? 0,
          "aria-valuetext": shown !== null && buckets[shown] ? bucketTitle(granularity, buckets[shown]) : totalLabel,
          onKeyDown: (e: React.KeyboardEvent) => step(e.key) && e.preventDefault(),
        })}
      >
        {width > 0 && <UplotReact options={options} data={data} />}
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs" aria-live="polite" data-testid="chart-legend">
        <span className="font-medium text-base-content/70" data-bucket={shown !== null ? buckets[shown] : undefined}>
          {shown !== null && buckets[shown] ? bucketTitle(granularity, buckets[shown]) : totalLabel}
        </span>
        {series.map((s) => {
          const value = (
            <span className="font-semibold tabular-nums" data-testid="chart-legend-value">
              {formatNumber(shown !== null ? (s.values[shown] ?? 0) : sum(s.values))}
            </span>
          );
          return (
            <span
              key={s.label}
              className="inline-flex items-center gap-1.5"
              data-testid="chart-legend-item"
              data-reference={s.dash ? "" : undefined}
            >
              <span
                aria-hidden="true"
                className="h-0.5 w-3 rounded-full"
                style={s.dash ? { borderTop: `2px dashed ${s.color}` } : { backgroundColor: s.color }}
              />
              {s.label}
              {shown !== null && s.pointHref && buckets[shown] ? (
                <a href={s.pointHref(buckets[shown])} className="link link-hover" data-testid="chart-point-link">
                  {value}
                </a>
              ) : (
                value
              )}
            </span>
          );
        })}
      </div>
    </div>
  );
}
