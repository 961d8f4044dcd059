export type Clock = () => number;
export type Sleep = (ms: number) => Promise<void>;

/**
 * Politeness per host: one request in flight at a time, and at least `minDelayMs` between the end of one
 * request and the start of the next.
 */
export function createHostGate(options: { minDelayMs: number; clock: Clock; sleep: Sleep }) {
  const queues = new Map<string, Promise<void>>();
  const lastFinished = new Map<string, number>();

  return async function throughGate<T>(host: string, task: () => Promise<T>): Promise<T> {
    const previous = queues.get(host) ?? Promise.resolve();
    let release = () => {};
    const current = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => current);
    queues.set(host, tail);
    await previous;
    try {
      const finished = lastFinished.get(host);
      const wait = finished === undefined ? 0 : finished + options.minDelayMs - options.clock();
      if (wait > 0) await options.sleep(wait);
      return await task();
    } finally {
      lastFinished.set(host, options.clock());
      release();
      if (queues.get(host) === tail) queues.delete(host);
    }
  };
}
