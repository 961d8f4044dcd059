import type { Hono } from "hono";

export type ApiRoute = { method: string; path: string };

/** Every concrete API route the app registered (middleware-only and catch-all entries left out), from its own table. */
export function apiRoutes(app: Hono<any>): ApiRoute[] {
  const seen = new Set<string>();
  const routes: ApiRoute[] = [];
  for (const { method, path } of app.routes) {
    if (method === "ALL" || !path.startsWith("/api/") || path.endsWith("*")) continue;
    const key = `${method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ method, path });
  }
  return routes;
}

/** The route's path with each `:param` replaced. */
export function fillPath(path: string, value: (param: string) => string): string {
  return path.replace(/:(\w+)/g, (_, param: string) => value(param));
}
