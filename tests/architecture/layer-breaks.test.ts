import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { importGraph } from "./import-graph.ts";
import { RULES, serverAreaCycles, staleSetAside } from "./layer-rules.ts";

/**
 * Each layer rule run on a small tree under fixtures/ that breaks it on purpose: a rule that reports nothing here
 * would pass the real tree whatever it holds.
 */
const fixture = (name: string) => importGraph(join(import.meta.dirname, "fixtures", name));

describe("the layer rules catch their breaks", () => {
  test("imports are resolved: without extension, .js for .ts, a folder's index, dynamic, import types, .astro code", () => {
    const imports = Object.fromEntries(fixture("resolution").map((f) => [f.path, f.imports]));
    expect(imports["src/lib/main.ts"]).toEqual([
      "src/lib/tally.ts",
      "src/lib/format/index.ts",
      "src/lib/parse.ts",
      "src/lib/Chart.tsx",
      "src/lib/row.ts",
    ]);
    expect(imports["src/pages/index.astro"]).toEqual(["src/lib/main.ts", "src/lib/format/index.ts"]);
  });

  test("(a) an island that fetches the API itself", () => {
    expect(RULES["the browser side reaches the network only through client/ (its only HTTP client)"](fixture("island-fetch"))).toEqual([
      'src/islands/overview/StatsCard.tsx:2: fetch("/api/dashboard/stats?project_id=" + projectId)',
      'src/islands/overview/StatsCard.tsx:6: window.navigator.sendBeacon("/api/client-errors", body)',
      'src/islands/overview/StatsCard.tsx:8: window.fetch("/api/dashboard/stats")',
    ]);
  });

  test("(b) a route that writes its JSON answer itself", () => {
    expect(RULES["only http/envelope.ts writes JSON answers"](fixture("route-json"))).toEqual([
      "src/server/http/routes/stats.ts:4: c.json({ code: 200, data: { total: 1 }, errors: {} })",
      "src/server/http/routes/stats.ts:5: c.body(JSON.stringify({ total: 1 }), 200)",
      'src/server/http/routes/stats.ts:6: new Response("{}", { headers: { "content-type": "application/json" } })',
    ]);
  });

  test("(c) a route with sql<number>`…` and a job with deps.pool.query(…)", () => {
    const files = fixture("route-sql");
    expect(RULES["SQL is written in services and db/ only (routes, jobs, commands and notify call services)"](files)).toEqual([
      "src/server/http/routes/count.ts:5: sql<number>`select count(*) from mentions`",
    ]);
    expect(RULES["routes, jobs, commands and notify send nothing through the pool or database handle"](files)).toEqual([
      'src/server/jobs/purge-sessions.ts:4: deps.pool.query("delete from sessions where expires_at < now()")',
    ]);
    expect(RULES["only services (and the composition root that opens the database) use db/ and the database clients"](files)).toEqual([
      "src/server/http/routes/count.ts → kysely",
    ]);
  });

  test("(d) a two-file import cycle written without the .ts extension, one side `import type`", () => {
    expect(RULES["no import cycles between files"](fixture("cycle-without-extension"))).toEqual([
      "src/server/nlp/normalize.ts → src/server/nlp/tokenize.ts → src/server/nlp/normalize.ts",
    ]);
  });

  test("(e) a service that imports hono", () => {
    expect(RULES["services know nothing of HTTP: not http/, not a web framework"](fixture("service-hono"))).toEqual([
      "src/server/services/stats/read-stats.ts → hono",
    ]);
  });

  test("(f) shared/ importing a store", () => {
    const rule = RULES["shared/ runs in the browser and on the server: nothing from server/, the browser's own code, node:* or React"];
    expect(rule(fixture("shared-stores"))).toEqual(["src/shared/default-filters.ts → src/stores/filters.ts"]);
  });

  test("i18n/ naming the product's channels from shared/ (the loop shared ↔ i18n)", () => {
    const rule = RULES["i18n/ holds the messages and translates them, below everything else: it imports nothing of the product"];
    expect(rule(fixture("i18n-shared"))).toEqual(["src/i18n/names.ts → src/shared/channels.ts"]);
  });

  test("the client reading its token from a store that calls the client (the loop client/ ↔ stores/)", () => {
    const rule = RULES["no loops between src's folders outside the server (client/ ↔ stores/, shared/ ↔ i18n/)"];
    expect(rule(fixture("client-stores"))).toEqual([
      "client/ → stores/ (src/client/api.ts → src/stores/session.ts) → client/ (src/stores/startup.ts → src/client/api.ts)",
    ]);
  });

  test("a job that answers HTTP, a ui part that imports an island, an island that imports the server", () => {
    const files = fixture("layer-skips");
    expect(RULES["jobs, notify, cli, demo, collectors, nlp and runtime know nothing of HTTP"](files)).toEqual([
      "src/server/jobs/send-reports.ts → src/server/http/envelope.ts",
    ]);
    expect(RULES["ui/ is shared by islands and imports none of them"](files)).toEqual([
      "src/ui/Card.tsx → src/islands/overview/StatsCard.tsx",
    ]);
    expect(RULES["the browser side never imports the server"](files)).toEqual([
      "src/islands/overview/StatsCard.tsx → src/server/config.ts",
    ]);
  });

  test("a route and another area that reach past an area's index.ts (the composition root's own parts may)", () => {
    const rule = RULES["other code reaches a service area only through its index.ts; files inside an area import each other directly"];
    expect(rule(fixture("area-faces"))).toEqual([
      "src/server/http/routes/ingest.ts → src/server/services/ingest/match-mentions.ts",
      "src/server/services/mentions/reclassify.ts → src/server/services/ingest/match-mentions.ts",
    ]);
  });

  test("product code that imports demo code (the demo's own seeding may)", () => {
    const rule = RULES["product code never imports demo code: only src/server/demo/ itself and services/demo/ import src/server/demo/"];
    expect(rule(fixture("product-demo"))).toEqual(["src/server/services/audience/ensure-sample.ts → src/server/demo/sample-audience.ts"]);
  });

  test("a screen that imports another screen, and a kit part that imports a screen", () => {
    const rule = RULES["a screen (islands/<screen>/) imports no other screen, only the kit (islands/kit/); the kit imports no screen"];
    expect(rule(fixture("island-screens"))).toEqual([
      "src/islands/crisis/IncidentWidgets.tsx → src/islands/overview/TopSources.tsx",
      "src/islands/kit/Widget.tsx → src/islands/overview/change.ts",
    ]);
  });

  test("a loop between two service areas, set aside only by naming its exact import", () => {
    const files = fixture("area-cycle");
    expect(serverAreaCycles(files, new Set())).toEqual([
      "services/auth → services/users (src/server/services/auth/login.ts → src/server/services/users/user-view.ts) → services/auth (src/server/services/users/change-password.ts → src/server/services/auth/sessions.ts)",
    ]);
    const backEdge = "src/server/services/users/change-password.ts → src/server/services/auth/sessions.ts";
    expect(serverAreaCycles(files, new Set([backEdge]))).toEqual([]);
    expect(staleSetAside(files, new Set([backEdge]))).toEqual([]);
  });

  test("a set-aside import that is gone, or closes no loop, is reported for striking", () => {
    const files = fixture("area-cycle");
    const gone = "src/server/services/users/change-password.ts → src/server/services/auth/login.ts";
    const noLoop = "src/server/services/auth/login.ts → src/server/services/users/user-view.ts";
    expect(staleSetAside(files, new Set([gone]))).toEqual([gone]);
    expect(
      staleSetAside(
        files.filter((f) => !f.path.endsWith("change-password.ts")),
        new Set([noLoop]),
      ),
    ).toEqual([noLoop]);
  });

  test("a loop through a root file of the server: deps.ts → services → deps.ts", () => {
    const files = fixture("root-cycle");
    expect(serverAreaCycles(files, new Set())).toEqual([
      "deps.ts → services/ingest (src/server/deps.ts → src/server/services/ingest/sources.ts) → deps.ts (src/server/services/ingest/collect.ts → src/server/deps.ts)",
    ]);
  });
});
