/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA minimum for large text (at least 24 px, or 18.66 px bold), which is what coloured badges use. */
export const LARGE_TEXT_RATIO = 3;

/** White text where it is readable enough (brand colours look right with it), black otherwise. */
export function readableOn(background: string, minRatio = LARGE_TEXT_RATIO): "#ffffff" | "#000000" {
  return contrastRatio(background, "#ffffff") >= minRatio ? "#ffffff" : "#000000";
}
