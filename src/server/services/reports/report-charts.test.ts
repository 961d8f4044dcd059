import { Resvg } from "@resvg/resvg-js";
import { describe, expect, test } from "vitest";
import { CHART_FONT_FAMILY, chartFontFile } from "./chart-font.ts";
import { CHART_HEIGHT, CHART_WIDTH, lineChartSvg, stackedBarsSvg, svgToPng } from "./report-charts.ts";

const DAYS = ["2026-11-15T17:00:00.000Z", "2026-11-16T17:00:00.000Z", "2026-11-17T17:00:00.000Z"];

/** How many pixels of a drawing are not white. */
function inked(svg: string, withFont: boolean): number {
  const font = withFont
    ? { loadSystemFonts: false, fontFiles: [chartFontFile()], defaultFontFamily: CHART_FONT_FAMILY }
    : { loadSystemFonts: false };
  const pixels = new Resvg(svg, { font }).render().pixels;
  let count = 0;
  for (let i = 0; i < pixels.length; i += 4) if (pixels[i] < 250 || pixels[i + 1] < 250 || pixels[i + 2] < 250) count += 1;
  return count;
}

describe("report charts", () => {
  test("PNGs at twice the e-mail's size", () => {
    const png = svgToPng(lineChartSvg(DAYS, "day", [{ color: "#0EA5E9", values: [3, 9, 4] }]));
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([CHART_WIDTH * 2, CHART_HEIGHT * 2]);
  });

  test("axis labels are drawn with the bundled font (converted from the package's WOFF), none from the machine", () => {
    const labels = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40"><rect width="200" height="40" fill="#fff"/><text x="4" y="28" font-size="20" font-family="${CHART_FONT_FAMILY}">16/11 1,250</text></svg>`;
    expect(inked(labels, false)).toBe(0);
    expect(inked(labels, true)).toBeGreaterThan(200);
  });

  test("the value axis rounds up to a whole step and the bars stack to each bucket's total", () => {
    const svg = stackedBarsSvg(DAYS, "day", [
      { color: "#9CA3AF", values: [1, 2, 0] },
      { color: "#22C55E", values: [2, 0, 0] },
      { color: "#EC4899", values: [3, 5, 0] },
    ]);
    expect(svg).toContain(">8</text>");
    expect(svg.match(/<rect x=/g)).toHaveLength(5);
    expect(svg).toContain(">16/11</text>");
  });
});
