import { decodeText } from "./charset";
import { createHostGate, type Clock, type Sleep } from "./host-gate";
import type { CollectorError } from "./errors";

export const DEFAULT_USER_AGENT = "Mozilla/5.0 (compatible; NgheBot/0.1; social listening by Nghe)";

/** Cache validators of a previous response, kept in a collector's state for conditional GET. */
type Validators = { etag: string | null; lastModified: string | null };

type HttpRequest = {
  url: string;
  accept?: string;
  validators?: Validators | null;
};

type HttpResponse = {
  url: string;
  /** 2xx, 304 or a 4xx other than 429: statuses a collector interprets itself. */
  status: number;
  headers: Headers;
  body: Uint8Array;
  /** This response's validators; on 304 the request's, updated by any the server sent. */
  validators: Validators;
  /** The body decoded with the charset from the headers or the document itself. */
  text(): string;
};

type HttpResult = { ok: true; response: HttpResponse } | { ok: false; error: CollectorError };

export interface HttpClient {
  /** Never throws for network or provider problems: they come back as `ok: false` after retries. */
  get(request: HttpRequest): Promise<HttpResult>;
}

export type HttpClientOptions = {
  userAgent?: string;
  /** Per attempt, including reading the body. */
  timeoutMs?: number;
  /** Attempts for timeouts, network errors, 429 and 5xx. */
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** A longer Retry-After is reported as rate_limited instead of waited for. */
  maxRetryAfterMs?: number;
  /** Politeness: minimum time between two requests to the same host. */
  hostDelayMs?: number;
  maxBodyBytes?: number;
  clock?: Clock;
  sleep?: Sleep;
  /** Jitter source in [0, 1). */
  random?: () => number;
};

type Attempt =
  | { kind: "response"; response: HttpResponse }
  | { kind: "failure"; error: CollectorError; retryable: boolean; retryAfterMs: number | null };

const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const backoffBaseMs = options.backoffBaseMs ?? 1_000;
  const backoffMaxMs = options.backoffMaxMs ?? 30_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 120_000;
  const maxBodyBytes = options.maxBodyBytes ?? 10 * 1024 * 1024;
  const clock = options.clock ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const throughGate = createHostGate({ minDelayMs: options.hostDelayMs ?? 1_000, clock, sleep });

  // Exponential with "equal jitter": half fixed, half random, so retries of many collectors spread out.
  const backoff = (attempt: number) => {
    const ceiling = Math.min(backoffMaxMs, backoffBaseMs * 2 ** (attempt - 1));
    return Math.round(ceiling / 2 + (random() * ceiling) / 2);
  };

  async function attemptOnce(request: HttpRequest): Promise<Attempt> {
    const headers = new Headers({ "user-agent": userAgent, accept: request.accept ?? "*/*" });
    if (request.validators?.etag) headers.set("if-none-match", request.validators.etag);
    if (request.validators?.lastModified) headers.set("if-modified-since", request.validators.lastModified);
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const res = await fetch(request.url, { headers, signal, redirect: "follow" });
      if (res.status === 429) {
        await res.body?.cancel();
        const retryAfterMs = parseRetryAfter(res.headers.get("retry-after"), clock());
        return failure("rate_limited", `429 from ${hostOf(request.url)}`, true, retryAfterMs);
      }
      if (res.status >= 500) {
        await res.body?.cancel();
        return failure("server", `${res.status} from ${hostOf(request.url)}`, true);
      }
      const body = await readCapped(res, maxBodyBytes);
      if (body === null) return failure("too_large", `body from ${hostOf(request.url)} exceeds ${maxBodyBytes} bytes`, false);
      const contentType = res.headers.get("content-type");
      const received = { etag: res.headers.get("etag"), lastModified: res.headers.get("last-modified") };
      const kept = res.status === 304 ? request.validators : null;
      const validators = { etag: received.etag ?? kept?.etag ?? null, lastModified: received.lastModified ?? kept?.lastModified ?? null };
      const text = () => decodeText(body, contentType);
      return {
        kind: "response",
        response: { url: res.url || request.url, status: res.status, headers: res.headers, body, validators, text },
      };
    } catch (error) {
      if (signal.aborted) return failure("timeout", `no answer from ${hostOf(request.url)} within ${timeoutMs} ms`, true);
      return failure("network", `${hostOf(request.url)}: ${causeOf(error)}`, true);
    }
  }

  return {
    async get(request) {
      const host = hostOf(request.url);
      for (let attempt = 1; ; attempt++) {
        const outcome = await throughGate(host, () => attemptOnce(request));
        if (outcome.kind === "response") return { ok: true, response: outcome.response };
        if (!outcome.retryable || attempt >= maxAttempts) return { ok: false, error: withAttempts(outcome.error, attempt) };
        const wait = outcome.retryAfterMs ?? backoff(attempt);
        if (wait > maxRetryAfterMs) {
          return { ok: false, error: { ...outcome.error, message: `${outcome.error.message}, Retry-After ${Math.ceil(wait / 1000)} s` } };
        }
        await sleep(wait);
      }
    },
  };
}

/** The error for a final status that a collector does not handle specially (304 and 2xx never reach here). */
export function statusError(response: HttpResponse): CollectorError {
  return { kind: response.status >= 500 ? "server" : "client", message: `${response.status} from ${response.url}` };
}

/** Retry-After is either delta-seconds or an HTTP-date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

async function readCapped(res: Response, maxBytes: number): Promise<Uint8Array | null> {
  const declared = Number(res.headers.get("content-length"));
  if (declared > maxBytes) {
    await res.body?.cancel();
    return null;
  }
  if (!res.body) return new Uint8Array();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks);
}

function failure(kind: CollectorError["kind"], message: string, retryable: boolean, retryAfterMs: number | null = null): Attempt {
  return { kind: "failure", error: { kind, message }, retryable, retryAfterMs };
}

function withAttempts(error: CollectorError, attempts: number): CollectorError {
  return attempts > 1 ? { ...error, message: `${error.message} (after ${attempts} attempts)` } : error;
}

function hostOf(url: string): string {
  return new URL(url).host;
}

function causeOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}
