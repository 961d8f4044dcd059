import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState } from "react";
import type { QueryParams } from "../../client/api.ts";
import { ApiFailure } from "../../client/api-error.ts";
import { apiParams } from "../../stores/filter-params.ts";
import { $filters, $routeChannels } from "../../stores/filters.ts";
import { $startup } from "../../stores/startup.ts";

export type Remote<T> = { status: "loading"; previous: T | null } | { status: "error"; message: string } | { status: "ready"; data: T };

export type DashboardData<T> = {
  remote: Remote<T>;
  retry: () => void;
  /** Local edits (optimistic updates) to the loaded data. */
  update: (change: (data: T) => T) => void;
};

/** The current filters as API parameters, plus screen-specific ones (projects, limits). */
function useFilterParams(extra: QueryParams): QueryParams {
  const filters = useStore($filters);
  const scope = useStore($routeChannels);
  return { ...apiParams(filters, scope), ...extra };
}

/**
 * Loads data once the session is ready and again whenever `key` changes (or on retry); an answer to an older request
 * never overwrites a newer one. While reloading, the previous data stays available.
 */
export function useRemote<T>(load: () => Promise<T>, key: string): DashboardData<T> {
  const ready = useStore($startup) === "ready";
  const [attempt, setAttempt] = useState(0);
  const [remote, setRemote] = useState<Remote<T>>({ status: "loading", previous: null });
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `attempt` (a retry) are what asks for a new load.
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
        // The server's messages are written for users; anything else is a bug, for the console only.
        if (!(error instanceof ApiFailure)) console.error("screen data failed", error);
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

/** One widget's data for the current filters (plus the widget's own parameters), loaded again whenever they change. */
export function useDashboardData<T>(load: (params: QueryParams) => Promise<T>, extra: QueryParams = {}): DashboardData<T> {
  const params = useFilterParams(extra);
  return useRemote(() => load(params), JSON.stringify(params));
}
