const MAX_REPORTS_PER_PAGE = 5;
let reported = 0;

/**
 * Spec §8: answers with status 500 or above go to error reporting, here POST /api/client-errors (stored, rate-limited).
 * A plain fetch rather than the API client, so that a failing report can never report itself.
 */
export function reportServerFailure(status: number, url: string, message: string): void {
  if (status < 500 || reported >= MAX_REPORTS_PER_PAGE) return;
  reported += 1;
  // Paths only: query strings may hold what the user searched for.
  const body = {
    status,
    url: new URL(url, location.href).pathname.slice(0, 2000),
    message: message.slice(0, 1000),
    page: location.pathname.slice(0, 2000),
  };
  void fetch("/api/client-errors", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => undefined);
}
