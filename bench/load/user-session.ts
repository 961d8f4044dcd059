import type autocannon from "autocannon";

/** The session a simulated user works in: one account's token and its brand project with the competitors. */
export type Account = { token: string; projectId: number; competitorIds: number[] };

/** One request of a session: the endpoint it counts toward, and how long the user reads after it (0 inside a view). */
export type Step = autocannon.Request & { endpoint: string; thinkMs: number };

export type Session = { startDelayMs: number; steps: Step[] };

type Call = { endpoint: string; path: string };
type Query = Record<string, string | number>;

const MIN_THINK_MS = 5_000;
const MAX_THINK_MS = 20_000;
const SEARCHES = [
  { term: "giao hàng", kind: "accents" },
  { term: "giao hang", kind: "no accents" },
  { term: "chất lượng", kind: "accents" },
  { term: "chat luong", kind: "no accents" },
];

const call = (path: string, query: Query = {}, variant = ""): Call => {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
  return { endpoint: variant ? `${path} (${variant})` : path, path: search ? `${path}?${search}` : path };
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];
const thinkTime = () => MIN_THINK_MS + Math.random() * (MAX_THINK_MS - MIN_THINK_MS);

// Every screen is a page of its own, so each opens with the session start-up of src/stores/startup.ts.
const startup = () => ["/api/user/show", "/api/channel-user", "/api/project", "/api/project/list-user-projects"].map((path) => call(path));

/** The overview's widgets (src/islands/overview/) for a period; the comparing ones ask for the brand and its competitors. */
function overviewWidgets(account: Account, type_time: string): Call[] {
  const projects = { type_time, project_ids: [account.projectId, ...account.competitorIds].join(",") };
  return [
    call("/api/dashboard/stats", { type_time }),
    call("/api/dashboard/trend-discuss", projects),
    call("/api/dashboard/trend-sentiment", { type_time }),
    call("/api/dashboard/sentiment-by-projects", { type_time }),
    call("/api/dashboard/number-mention", { type_time }),
    call("/api/dashboard/top-words", { type_time }),
    call("/api/dashboard/mention-latest", { type_time }),
    call("/api/dashboard/hot-mention", { type_time }),
    call("/api/dashboard/top-mention", { type_time }),
    call("/api/dashboard/get-data-dashboard", projects),
  ];
}

/** The mention list's counters and page reload together whenever its filters (the page, the search) change. */
const mentionList = (query: Query, variant?: string) => [
  call("/api/mention/stats", query, variant),
  call("/api/mention/index", query, variant),
];

/** What a user does next, by how often: mostly reading the overview and the mention list, searching, rarely exporting. */
const VIEWS: { weight: number; calls: (account: Account) => Call[] }[] = [
  { weight: 30, calls: (a) => [...startup(), call("/api/project/data-status"), ...overviewWidgets(a, "month")] },
  // Another period on the same page: only the widgets load again.
  { weight: 15, calls: (a) => overviewWidgets(a, pick(["week", "last-month", "today"])) },
  {
    weight: 20,
    calls: (a) => [
      ...startup(),
      call("/api/mention/get-sub-brand", { project_id: a.projectId }),
      call("/api/mention/get-service", { project_id: a.projectId }),
      ...mentionList({ type_time: "month" }),
    ],
  },
  { weight: 15, calls: () => mentionList({ type_time: "month", page: 2 + Math.floor(Math.random() * 4) }, "next page") },
  {
    weight: 19,
    calls: () => {
      const search = pick(SEARCHES);
      return mentionList({ type_time: "month", search: search.term }, `search, ${search.kind}`);
    },
  },
  // A week's mentions as Excel: about 78,000 rows on the 1,000,000-mention dataset.
  { weight: 1, calls: () => [call("/api/mention/export-excel", { type_time: "last-week" })] },
];
const TOTAL_WEIGHT = VIEWS.reduce((sum, view) => sum + view.weight, 0);

function nextView(account: Account): Call[] {
  let roll = Math.random() * TOTAL_WEIGHT;
  const view = VIEWS.find((candidate) => (roll -= candidate.weight) < 0) ?? VIEWS[0];
  return view.calls(account);
}

/**
 * A user's random walk through the screens, long enough not to repeat within the run, arriving at a random moment
 * of a first think time so that users do not all start together.
 */
export function userSession(account: Account, seconds: number): Session {
  const steps: Step[] = [];
  for (let view = 0; view <= (seconds * 1000) / MIN_THINK_MS; view += 1) {
    const calls = nextView(account);
    calls.forEach(({ endpoint, path }, i) => {
      steps.push({ method: "GET", path, endpoint, thinkMs: i === calls.length - 1 ? thinkTime() : 0 });
    });
  }
  return { startDelayMs: Math.random() * thinkTime(), steps };
}
