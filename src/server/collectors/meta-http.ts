import { type, type Type } from "arktype";

// One call to Meta's Graph API (and Threads', which speaks the same format): docs/channels/meta.md.

const ErrorAnswer = type({ error: { message: "string", "type?": "string", "code?": "number" } });

// Throttling (developers.facebook.com/docs/graph-api/overview/rate-limiting): 4 the app, 17 the user, 32 the page,
// 613 a custom limit, and 80001–80099 a Business Use Case (pages, Instagram, …).
const THROTTLED = new Set([4, 17, 32, 613]);
const isThrottle = (code: number | null) => code !== null && (THROTTLED.has(code) || (code >= 80_000 && code < 80_100));

/** A Graph API failure: Meta's error code (190: the token expired or was revoked), or null when Meta could not be read. */
export class MetaGraphError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
  ) {
    super(message);
  }

  /** The token expired or was revoked (code 190): only a reconnection helps. */
  get expired(): boolean {
    return this.code === 190;
  }

  /** Meta is limiting the calls: wait, do not retry now. */
  get throttled(): boolean {
    return isThrottle(this.code);
  }
}

/**
 * What the usage headers said of the calls so far: the highest share of any limit used (0–100), and the longest wait
 * Meta announced before access returns, in minutes.
 */
export type MetaMeter = { usedPercent: number; regainMinutes: number };

export const newMeter = (): MetaMeter => ({ usedPercent: 0, regainMinutes: 0 });

export type MetaApp = { graphUrl: string; appId: string; appSecret: string; meter?: MetaMeter };

const Usage = type({
  "call_count?": "number",
  "total_cputime?": "number",
  "total_time?": "number",
  "estimated_time_to_regain_access?": "number",
});

function parseJson(text: string | null): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `X-App-Usage` is one usage object; `X-Business-Use-Case-Usage` lists usages per business object. */
function usagesIn(headers: Headers): (typeof Usage.infer)[] {
  const app = parseJson(headers.get("x-app-usage"));
  const business = parseJson(headers.get("x-business-use-case-usage"));
  const perObject = business && typeof business === "object" ? Object.values(business).flat() : [];
  return [app, ...perObject].map((u) => Usage(u)).filter((u): u is typeof Usage.infer => !(u instanceof type.errors));
}

function record(meter: MetaMeter, headers: Headers): void {
  for (const usage of usagesIn(headers)) {
    meter.usedPercent = Math.max(meter.usedPercent, usage.call_count ?? 0, usage.total_cputime ?? 0, usage.total_time ?? 0);
    meter.regainMinutes = Math.max(meter.regainMinutes, usage.estimated_time_to_regain_access ?? 0);
  }
}

const TIMEOUT_MS = 15_000;

/**
 * One Graph call; the token travels as a parameter, as Meta documents, and never reaches an error message. The usage
 * headers of the answer, refused or not, go to `meter`.
 */
export async function call<T>(url: URL, schema: Type<T>, method: "GET" | "POST" | "DELETE" = "GET", meter?: MetaMeter): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { method, signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: "application/json" } });
  } catch {
    throw new MetaGraphError(`Meta could not be reached (${url.pathname})`, null);
  }
  if (meter) record(meter, res.headers);
  const json: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const error = ErrorAnswer(json);
    if (error instanceof type.errors) throw new MetaGraphError(`Meta answered ${res.status} (${url.pathname})`, null);
    throw new MetaGraphError(`${error.error.type ?? "Error"} ${error.error.code ?? ""}: ${error.error.message}`, error.error.code ?? null);
  }
  const body = schema(json);
  if (body instanceof type.errors) throw new MetaGraphError(`unexpected answer from Meta (${url.pathname}): ${body.summary}`, null);
  return body as T;
}

export function graphUrl(app: MetaApp, path: string, params: Record<string, string>): URL {
  const url = new URL(`${app.graphUrl}${path}`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url;
}
