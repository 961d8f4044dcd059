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
    plugins: [tailwindcss(), dashboardShells],
    server: { proxy: { "/api": `http://127.0.0.1:${API_PORT}` } },
  },
});
