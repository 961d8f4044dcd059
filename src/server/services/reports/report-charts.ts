import { Resvg } from "@resvg/resvg-js";
import type { TimeSeries } from "../../../shared/api-types.ts";
import { formatNumber, vietnamParts } from "../../../shared/format.ts";
import { CHART_FONT_FAMILY, chartFontFile } from "./chart-font.ts";

/** The width the e-mail shows a chart at; the PNG has twice the pixels for sharp screens. */
export const CHART_WIDTH = 560;
export const CHART_HEIGHT = 220;
const PAD = { left: 44, right: 10, top: 12, bottom: 26 };
const GRID = "#E5E7EB";
const AXIS_TEXT = "#6B7280";

type ChartSeries = { color: string; values: number[] };

const pad2 = (n: number) => String(n).padStart(2, "0");

/** Axis label of a bucket: the hour for hourly buckets, DD/MM for days and weeks. */
function bucketLabel(bucket: string, granularity: TimeSeries["granularity"]): string {
  const p = vietnamParts(bucket);
  return granularity === "hour" ? `${pad2(p.hour)}h` : `${pad2(p.day)}/${pad2(p.month)}`;
}

/** A top for the value axis with four gridline steps, each step one significant digit (1, 2, … 9 times a power of ten). */
function niceMax(value: number): number {
  if (value <= 4) return 4;
  const quarter = value / 4;
  const power = 10 ** Math.floor(Math.log10(quarter));
  return Math.ceil(quarter / power) * power * 4;
}

function frame(
  buckets: string[],
  granularity: TimeSeries["granularity"],
  max: number,
  body: (x: (i: number) => number, y: (v: number) => number, slot: number) => string,
) {
  const width = CHART_WIDTH - PAD.left - PAD.right;
  const height = CHART_HEIGHT - PAD.top - PAD.bottom;
  const slot = width / Math.max(1, buckets.length);
  const x = (i: number) => PAD.left + slot * (i + 0.5);
  const y = (v: number) => PAD.top + height - (v / max) * height;
  const grid = [0, 1, 2, 3, 4]
    .map((step) => {
      const value = (max / 4) * step;
      return `<line x1="${PAD.left}" x2="${CHART_WIDTH - PAD.right}" y1="${y(value)}" y2="${y(value)}" stroke="${GRID}" stroke-width="1"/>
<text x="${PAD.left - 6}" y="${y(value) + 4}" text-anchor="end" font-size="11" fill="${AXIS_TEXT}">${formatNumber(value)}</text>`;
    })
    .join("\n");
  // At most seven labels, evenly spread from the first bucket.
  const every = Math.max(1, Math.ceil(buckets.length / 7));
  const labels = buckets
    .map((bucket, i) =>
      i % every === 0
        ? `<text x="${x(i)}" y="${CHART_HEIGHT - 8}" text-anchor="middle" font-size="11" fill="${AXIS_TEXT}">${bucketLabel(bucket, granularity)}</text>`
        : "",
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CHART_WIDTH}" height="${CHART_HEIGHT}" viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}" font-family="${CHART_FONT_FAMILY}">
<rect width="${CHART_WIDTH}" height="${CHART_HEIGHT}" fill="#FFFFFF"/>
${grid}
${labels}
${body(x, y, slot)}
</svg>`;
}

/** One line per series over the buckets (mentions of the brand and of each competitor). */
export function lineChartSvg(buckets: string[], granularity: TimeSeries["granularity"], series: ChartSeries[]): string {
  const max = niceMax(Math.max(0, ...series.flatMap((s) => s.values)));
  return frame(buckets, granularity, max, (x, y) =>
    series
      .map((s) =>
        s.values.length === 1
          ? `<circle cx="${x(0)}" cy="${y(s.values[0])}" r="3" fill="${s.color}"/>`
          : `<polyline fill="none" stroke="${s.color}" stroke-width="2.5" stroke-linejoin="round" stroke-linecap="round" points="${s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ")}"/>`,
      )
      .join("\n"),
  );
}

/** Stacked columns, one per bucket, one layer per series (the sentiments). */
export function stackedBarsSvg(buckets: string[], granularity: TimeSeries["granularity"], series: ChartSeries[]): string {
  const totals = buckets.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const max = niceMax(Math.max(0, ...totals));
  return frame(buckets, granularity, max, (x, y, slot) => {
    const width = Math.max(1, slot * 0.7);
    return buckets
      .map((_, i) => {
        let base = 0;
        return series
          .map((s) => {
            const value = s.values[i] ?? 0;
            if (value === 0) return "";
            const rect = `<rect x="${(x(i) - width / 2).toFixed(1)}" y="${y(base + value).toFixed(1)}" width="${width.toFixed(1)}" height="${(y(base) - y(base + value)).toFixed(1)}" fill="${s.color}"/>`;
            base += value;
            return rect;
          })
          .join("");
      })
      .join("\n");
  });
}

/** PNG at twice the chart's size, drawn with the bundled font only, so every machine renders the same image. */
export function svgToPng(svg: string): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: { mode: "zoom", value: 2 },
    font: { loadSystemFonts: false, fontFiles: [chartFontFile()], defaultFontFamily: CHART_FONT_FAMILY },
  });
  return resvg.render().asPng();
}
