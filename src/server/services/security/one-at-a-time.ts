const running = new Map<string, Promise<void>>();

/**
 * Runs `task` after every earlier task with the same key has settled (within this process). A limit read before a
 * slow check and written after it would otherwise let a burst of parallel requests all pass on the same count.
 */
export function oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
  const current = (running.get(key) ?? Promise.resolve()).then(task);
  const settled = current.then(
    () => undefined,
    () => undefined,
  );
  running.set(key, settled);
  void settled.then(() => {
    if (running.get(key) === settled) running.delete(key);
  });
  return current;
}
