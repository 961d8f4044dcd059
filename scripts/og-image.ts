import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { CHANNELS } from "../src/shared/channels.ts";
import { translate } from "../src/i18n/index.ts";

// Renders public/og-image.jpg (1200 × 630, the link-preview picture) in Debian's Chromium with the brand font.
// Run after changing the tagline or the brand: npm run og-image

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const OUTPUT = `${ROOT}public/og-image.jpg`;

function fontFaces(): string {
  // Vietnamese before Latin, as in src/styles/global.css, so each glyph comes from the subset that has it.
  return ["vietnamese", "latin"]
    .flatMap((subset) => [400, 600].map((weight) => ({ subset, weight })))
    .map(({ subset, weight }) => {
      const file = `${ROOT}node_modules/@fontsource/be-vietnam-pro/files/be-vietnam-pro-${subset}-${weight}-normal.woff2`;
      const data = readFileSync(file).toString("base64");
      return `@font-face{font-family:"Be Vietnam Pro";font-weight:${weight};src:url(data:font/woff2;base64,${data}) format("woff2")}`;
    })
    .join("\n");
}

const logo = readFileSync(`${ROOT}public/favicon.svg`, "utf8");
const dots = CHANNELS.map((c) => `<span style="background:${c.color}"></span>`).join("");

const html = `<!doctype html><html><head><meta charset="utf-8"><style>
${fontFaces()}
* { margin: 0; box-sizing: border-box; }
body { width: 1200px; height: 630px; font-family: "Be Vietnam Pro", sans-serif; color: #fff;
  background: radial-gradient(circle at 85% 20%, #14b8a6 0, transparent 45%), linear-gradient(135deg, #1e3a5f 0%, #0f766e 100%);
  padding: 72px 80px; display: flex; flex-direction: column; }
.brand { display: flex; align-items: center; gap: 20px; font-size: 56px; font-weight: 600; letter-spacing: -1px; }
.brand svg { width: 88px; height: 88px; }
h1 { margin-top: 64px; font-size: 64px; line-height: 1.15; font-weight: 600; max-width: 980px; letter-spacing: -1px; }
p { margin-top: 24px; font-size: 30px; opacity: 0.85; }
.dots { margin-top: auto; display: flex; gap: 14px; }
.dots span { width: 28px; height: 28px; border-radius: 50%; box-shadow: 0 0 0 3px rgba(255,255,255,.85); }
</style></head><body>
<div class="brand">${logo}<span>${translate("vi", "app.name")}</span></div>
<h1>${translate("vi", "app.tagline")}</h1>
<p>${translate("en", "app.tagline")}</p>
<div class="dots">${dots}</div>
</body></html>`;

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(html);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: OUTPUT, type: "jpeg", quality: 88 });
  console.log(`Wrote ${OUTPUT}`);
} finally {
  await browser.close();
}
