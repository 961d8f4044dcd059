import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState } from "react";
import { ApiFailure } from "../../client/api-error.ts";
import { $startup } from "../../stores/startup.ts";
import type { DashboardData, Remote } from "../dashboard/use-dashboard-data.ts";

/**
 * Loads data once the session is ready and again whenever `key` changes (or on retry); an answer to an older request
 * never overwrites a newer one. The crisis screens' counterpart of useDashboardData, whose query comes from the
 * dashboard filters instead of the incident.
 */
export function useRemote<T>(load: () => Promise<T>, key: string): DashboardData<T> {
  const ready = useStore($startup) === "ready";
  const [attempt, setAttempt] = useState(0);
  const [remote, setRemote] = useState<Remote<T>>({ status: "loading", previous: null });
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `attempt` are what asks for a new load.
  useEffect(() => {
    if (!ready) return;
    let current = true;
    setRemote((before) => ({
      status: "loading",
      previous: before.status === "ready" ? before.data : before.status === "loading" ? before.previous : null,
    }));
    loadRef.current().then(
      (data) => current && setRemote({ status: "ready", data }),
      (error: unknown) => {
        if (!current) return;
        if (!(error instanceof ApiFailure)) console.error("crisis data failed", error);
        setRemote({ status: "error", message: error instanceof ApiFailure ? error.message : "" });
      },
    );
    return () => {
      current = false;
    };
  }, [ready, key, attempt]);

  return {
    remote,
    retry: () => setAttempt((n) => n + 1),
    update: (change) => setRemote((before) => (before.status === "ready" ? { status: "ready", data: change(before.data) } : before)),
  };
}
