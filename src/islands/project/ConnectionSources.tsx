import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { ApiFailure } from "../../client/api-error.ts";
import type { ConnectionSource } from "../../client/types.ts";
import { INSTAGRAM_HASHTAG_LIMIT } from "../../shared/schemas/connections.ts";

type Props = { projectId: number; sources: ConnectionSource[]; onChanged: () => Promise<void> };

/** The pages and Instagram accounts of a connection, each with its follow switch (optimistic, rolled back on failure). */
export function ConnectionSources({ projectId, sources, onChanged }: Props) {
  const { t } = useTranslation();
  // What the customer just chose, shown before the server confirms it.
  const [pending, setPending] = useState<Record<number, boolean>>({});
  const [error, setError] = useState<string | null>(null);

  const forget = (id: number) => setPending((current) => Object.fromEntries(Object.entries(current).filter(([key]) => Number(key) !== id)));

  const follow = async (source: ConnectionSource, followed: boolean) => {
    setError(null);
    setPending((current) => ({ ...current, [source.id]: followed }));
    try {
      await api.followSources({ project_id: projectId, source_ids: [source.id], followed });
      await onChanged();
    } catch (failure) {
      if (!(failure instanceof ApiFailure)) throw failure;
      setError(t("connections.follow_failed", { name: source.name, message: failure.message }));
      // A refusal from Meta may have marked the connection failing: show that too.
      void onChanged();
    } finally {
      forget(source.id);
    }
  };

  if (sources.length === 0)
    return (
      <p className="text-sm text-base-content/70" data-testid="no-sources">
        {t("connections.no_sources")}
      </p>
    );

  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">{t("connections.sources_title")}</h3>
      <p className="text-xs text-base-content/60">{t("connections.sources_hint")}</p>
      {error && (
        <p role="alert" className="alert alert-error alert-soft text-sm" data-testid="follow-error">
          {error}
        </p>
      )}
      <ul className="divide-y divide-base-300 rounded-box border border-base-300" data-testid="sources">
        {sources.map((source) => {
          const inFlight = source.id in pending;
          const followed = pending[source.id] ?? source.followed;
          return (
            <li key={source.id} className="flex items-center gap-3 p-3" data-testid="source" data-followed={followed}>
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words">{source.name}</p>
                <p className="text-xs text-base-content/60">
                  {t(`connections.kind.${source.kind}`)}
                  {source.followed && <Backfill source={source} />}
                </p>
                {source.hashtags_used !== undefined && (
                  <p className="text-xs text-base-content/60" data-testid="hashtags-used">
                    {t("connections.hashtags_used", { used: source.hashtags_used, limit: INSTAGRAM_HASHTAG_LIMIT })}
                  </p>
                )}
              </div>
              <label className="flex shrink-0 cursor-pointer items-center gap-2 text-sm">
                <span aria-hidden="true">{t("connections.follow")}</span>
                <input
                  type="checkbox"
                  role="switch"
                  className="toggle toggle-primary"
                  checked={followed}
                  aria-checked={followed}
                  disabled={inFlight}
                  aria-busy={inFlight}
                  aria-label={t("connections.follow_label", { name: source.name })}
                  onChange={(e) => void follow(source, e.target.checked)}
                />
              </label>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Backfill({ source }: { source: ConnectionSource }) {
  const { t } = useTranslation();
  // A Zalo OA's backfill reads conversations: messages, not posts.
  const what = source.kind === "zalo_oa" ? "backfill_messages" : "backfill";
  const key = source.backfill_done ? (`connections.${what}_done` as const) : (`connections.${what}_running` as const);
  return (
    <span data-testid="backfill">
      {" · "}
      {t(key, { count: source.backfill_collected })}
    </span>
  );
}
