import { type, type Type } from "arktype";

// One call to Meta's Graph API (and Threads', which speaks the same format): docs/channels/meta.md.

const ErrorAnswer = type({ error: { message: "string", "type?": "string", "code?": "number" } });

/** A Graph API failure: Meta's error code (190: the token expired or was revoked), or null when Meta could not be read. */
export class MetaGraphError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
  ) {
    super(message);
  }
}

export type MetaApp = { graphUrl: string; appId: string; appSecret: string };

const TIMEOUT_MS = 15_000;

/** One Graph call; the token travels as a parameter, as Meta documents, and never reaches an error message. */
export async function call<T>(url: URL, schema: Type<T>, method: "GET" | "POST" | "DELETE" = "GET"): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { method, signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: "application/json" } });
  } catch {
    throw new MetaGraphError(`Meta could not be reached (${url.pathname})`, null);
  }
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
