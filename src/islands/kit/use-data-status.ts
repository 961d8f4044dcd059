import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { api } from "../../client/api.ts";
import type { DataStatus } from "../../client/types.ts";
import { $startup } from "../../stores/startup.ts";

/**
 * Where the projects' data stands, once the session is ready; `recheck` asks again. A failed load leaves null: the
 * screen then shows its widgets as usual.
 */
export function useDataStatus(): { status: DataStatus | null; recheck: () => void } {
  const ready = useStore($startup) === "ready";
  const [status, setStatus] = useState<DataStatus | null>(null);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies(attempt): a new attempt is the signal to ask again
  useEffect(() => {
    if (!ready) return;
    let current = true;
    api.dataStatus().then(
      (answer) => current && setStatus(answer),
      (error: unknown) => console.error("data status failed", error),
    );
    return () => {
      current = false;
    };
  }, [ready, attempt]);
  return { status, recheck: () => setAttempt((n) => n + 1) };
}

/** No mention in any project, in any period: a new project whose data has not come in yet. */
export const hasNoData = (status: DataStatus | null) => status?.projects.every((p) => p.mentions === 0) ?? false;
