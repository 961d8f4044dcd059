import autocannon from "autocannon";
import type { Session, Step } from "./user-session.ts";

/** One request's fate: its HTTP status, or 0 when no answer came (socket error or timeout), and how long it took. */
export type Outcome = { endpoint: string; status: number; ms: number };

// What the driver uses of autocannon's client beyond its public API: the send it paces, a new connection, and the
// request just sent.
type ClientInternals = {
  _doRequest(): void;
  _resetConnection(): void;
  destroyed: boolean;
  requestIterator: { currentRequest: Step };
};

/** A request not answered in this time counts as failed; it also bounds the export of a week on a loaded server. */
const TIMEOUT_SECONDS = 60;

/**
 * Plays the sessions against the server, one keep-alive connection per user, and returns every request's outcome.
 * autocannon has no think time (its connectionRate sends every connection's requests on the same one-second tick),
 * so each client's next send waits for the time its user reads the view just loaded.
 */
export async function drive(url: string, token: string, sessions: Session[], seconds: number): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let users = 0;
  const setupClient = (client: autocannon.Client) => {
    const session = sessions[users++];
    const internals = client as unknown as ClientInternals;
    const send = internals._doRequest.bind(client);
    let sent: { step: Step; at: number; answered: boolean } | null = null;
    let reading = false;
    let rested = false;

    // autocannon also sends on every (re)connection: one made while the user reads (the server closing an idle
    // keep-alive connection) is left to the end of the reading, and one that replaces an unanswered request marks it failed.
    internals._doRequest = () => {
      if (reading) return;
      if (sent && !sent.answered) outcomes.push({ endpoint: sent.step.endpoint, status: 0, ms: performance.now() - sent.at });
      const wait = rested ? 0 : sent ? sent.step.thinkMs : session.startDelayMs;
      rested = false;
      if (wait === 0) {
        send();
        sent = { step: internals.requestIterator.currentRequest, at: performance.now(), answered: false };
        return;
      }
      reading = true;
      setTimeout(() => {
        reading = false;
        if (internals.destroyed) return;
        // After reading, a view starts on a new connection, as a browser's does once the server closed the idle one
        // (after 5 s): reusing it would race the server's close and fail requests a browser would silently retry.
        rested = true;
        internals._resetConnection();
      }, wait).unref();
    };
    client.on("response", (status, _bytes, ms) => {
      if (!sent) return;
      outcomes.push({ endpoint: sent.step.endpoint, status, ms });
      sent.answered = true;
    });
    client.setRequests(session.steps);
  };

  await new Promise<void>((resolve, reject) => {
    autocannon(
      {
        url,
        connections: sessions.length,
        duration: seconds,
        timeout: TIMEOUT_SECONDS,
        headers: { authorization: `Bearer ${token}`, "accept-encoding": "gzip, deflate, br, zstd", "accept-language": "vi" },
        setupClient,
      },
      (error) => (error ? reject(error) : resolve()),
    );
  });
  return outcomes;
}
