import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "astro/config";
import { shellFor } from "./src/shared/dashboard-routes.ts";
import { serviceWorker } from "./src/service-worker/integration.ts";

const API_PORT = Number(process.env.API_PORT ?? 4322);

/** In `astro dev` only: serve dynamic dashboard routes from their shells, as the Node server does in production. */
const dashboardShells = {
  name: "nghe-dashboard-shells",
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const [path, query = ""] = (req.url ?? "/").split("?");
      const english = path === "/en" || path.startsWith("/en/");
      const shell = shellFor(english ? path.slice(3) || "/" : path);
      if (shell) req.url = `${english ? "/en" : ""}${shell.replace(/index\.html$/, "")}${query ? `?${query}` : ""}`;
      next();
    });
  },
};

/**
 * arktype probes `new Function` once when it loads, to choose between compiling its validators and interpreting them.
 * Every page forbids eval, so in the browser the probe only ever fails, and Chromium reports each failure as a policy
 * violation. The build answers the probe itself: no eval is attempted, and validators are interpreted as before. The
 * server is not built by Vite and keeps its compiled validators. Should arktype change the probe, the build stops here.
 */
const ARKTYPE_EVAL_PROBE = 'return new Function("return false")();';
const arktypeWithoutEval = {
  name: "nghe-arktype-without-eval",
  enforce: "pre",
  transform(code, id) {
    if (!/[\\/]@ark[\\/]util[\\/]out[\\/]functions\.js$/.test(id)) return null;
    if (!code.includes(ARKTYPE_EVAL_PROBE)) throw new Error(`arktype's eval probe moved: update ${this.name} in astro.config.mjs`);
    return { code: code.replace(ARKTYPE_EVAL_PROBE, "return true;"), map: null };
  },
};

export default defineConfig({
  // Absolute addresses in canonical links, Open Graph tags, robots.txt and the sitemap; set SITE_URL for production builds.
  site: process.env.SITE_URL || "http://localhost:4321",
  output: "static",
  trailingSlash: "ignore",
  i18n: {
    defaultLocale: "vi",
    locales: ["vi", "en"],
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
  integrations: [react(), serviceWorker()],
  server: { port: 4321 },
  devToolbar: { enabled: false },
  vite: {
    plugins: [tailwindcss(), dashboardShells, arktypeWithoutEval],
    server: { proxy: { "/api": `http://127.0.0.1:${API_PORT}` } },
  },
});
