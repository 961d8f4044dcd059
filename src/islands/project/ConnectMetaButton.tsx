import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { ApiFailure } from "../../client/api-error.ts";
import type { Connection } from "../../client/types.ts";

// Each provider's start: the consent dialog's address for this project.
const START = {
  meta: api.startMetaConnection,
  threads: api.startThreadsConnection,
  zalo: api.startZaloConnection,
  tiktok: api.startTiktokConnection,
  linkedin: api.startLinkedinConnection,
} as const;

/** A provider the customer connects through its consent dialog (others take a key or token in a form). */
export type DialogProvider = keyof typeof START;

export const connectsByDialog = (provider: Connection["provider"]): provider is DialogProvider => provider in START;

/**
 * Goes to the provider's consent dialog (Meta's login dialog, Threads' authorization window). The session is a bearer token a page navigation cannot carry, so the server hands this
 * session the dialog's address (with a fresh single-use state) and the page goes there itself.
 */
export function ConnectMetaButton({
  provider,
  projectId,
  label,
  small = false,
}: {
  provider: DialogProvider;
  projectId: number;
  label: string;
  small?: boolean;
}) {
  const { t } = useTranslation();
  const [going, setGoing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function go() {
    setGoing(true);
    setError(null);
    try {
      const { location } = await START[provider](projectId);
      window.location.assign(location);
    } catch (failure) {
      setError(failure instanceof ApiFailure ? failure.message : t("error.page_text"));
      setGoing(false);
    }
  }

  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        className={`btn btn-primary ${small ? "btn-sm" : ""}`}
        onClick={go}
        disabled={going}
        aria-busy={going}
        data-testid={small ? "reconnect" : `connect-${provider}`}
      >
        {going && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {label}
      </button>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
