import { useStore } from "@nanostores/react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { ApiFailure } from "../../client/api-error.ts";
import type { Connections } from "../../client/types.ts";
import type { Lang } from "../../i18n/index.ts";
import { I18nIsland } from "../../i18n/react.tsx";
import { $project } from "../../stores/project.ts";
import { $startup } from "../../stores/startup.ts";
import { WidgetError } from "../kit/Widget.tsx";
import { ChannelCoverage } from "./ChannelCoverage.tsx";
import { ConnectionCard } from "./ConnectionCard.tsx";
import { ConnectionOutcome } from "./ConnectionOutcome.tsx";
import { ConnectMetaButton, connectsByDialog } from "./ConnectMetaButton.tsx";

export default function ConnectionsScreen({ lang }: { lang: Lang }) {
  return (
    <I18nIsland lang={lang}>
      <ConnectionsTab />
    </I18nIsland>
  );
}

function ConnectionsTab() {
  const { t } = useTranslation();
  const startup = useStore($startup);
  const project = useStore($project);
  if (startup !== "ready" || !project) return <span className="loading loading-spinner" role="status" aria-label={t("state.loading")} />;
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <ConnectionOutcome />
      <ProviderCards projectId={project.id} />
      <ChannelCoverage />
    </div>
  );
}

type Provider = Connections["providers"][number]["provider"];

/** Each provider's words: what Nghe reads, the connect button, and the note of a server without its app. */
const WORDS: Record<Provider, { reads: string; connect: string; unavailable: string }> = {
  meta: { reads: "connections.reads", connect: "connections.connect", unavailable: "connections.unavailable" },
  threads: { reads: "connections.threads_reads", connect: "connections.threads_connect", unavailable: "connections.threads_unavailable" },
  x: { reads: "connections.x_reads", connect: "connections.x_connect", unavailable: "connections.x_unavailable" },
  google: { reads: "connections.google_reads", connect: "connections.google_connect", unavailable: "connections.google_unavailable" },
  tiktok: { reads: "connections.tiktok_reads", connect: "connections.tiktok_connect", unavailable: "connections.tiktok_unavailable" },
  zalo: { reads: "connections.zalo_reads", connect: "connections.zalo_connect", unavailable: "connections.zalo_unavailable" },
  shopee: { reads: "connections.shopee_reads", connect: "connections.shopee_connect", unavailable: "connections.shopee_unavailable" },
  lazada: { reads: "connections.lazada_reads", connect: "connections.lazada_connect", unavailable: "connections.lazada_unavailable" },
  linkedin: {
    reads: "connections.linkedin_reads",
    connect: "connections.linkedin_connect",
    unavailable: "connections.linkedin_unavailable",
  },
};

type Loaded = { status: "loading" } | { status: "failed"; message: string } | { status: "ready"; data: Connections };

function ProviderCards({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });

  // A quiet reload (after following or disconnecting) keeps the cards on screen instead of the spinner.
  const load = useCallback(
    (quiet = false) => {
      if (!quiet) setLoaded({ status: "loading" });
      return api.connections(projectId).then(
        (data) => setLoaded({ status: "ready", data }),
        (error: unknown) => {
          if (!(error instanceof ApiFailure)) throw error;
          setLoaded({ status: "failed", message: error.message });
        },
      );
    },
    [projectId],
  );
  useEffect(() => {
    void load();
  }, [load]);

  if (loaded.status === "loading") return <span className="loading loading-spinner" role="status" aria-label={t("state.loading")} />;
  if (loaded.status === "failed") return <WidgetError message={loaded.message} onRetry={() => void load()} />;
  const { providers, connections } = loaded.data;
  if (providers.length === 0) return <p data-testid="connections-empty">{t("connections.no_providers")}</p>;
  return providers.map(({ provider, configured, public_pages = false }) => (
    <section
      key={provider}
      className="card border border-base-300 bg-base-100"
      aria-labelledby={`provider-${provider}`}
      data-testid={`provider-${provider}`}
    >
      <div className="card-body gap-4">
        <h2 id={`provider-${provider}`} className="card-title text-base">
          {t(`connections.provider.${provider}`)}
        </h2>
        {!configured ? (
          <p role="note" className="alert alert-info alert-soft text-sm" data-testid="connections-unavailable">
            {t(WORDS[provider].unavailable)}
          </p>
        ) : (
          <>
            {connections
              .filter((connection) => connection.provider === provider)
              .map((connection) => (
                <ConnectionCard
                  key={connection.id}
                  projectId={projectId}
                  connection={connection}
                  publicPages={public_pages}
                  onChanged={() => load(true)}
                />
              ))}
            {!connections.some((connection) => connection.provider === provider) && (
              <ConnectOffer provider={provider} projectId={projectId} />
            )}
          </>
        )}
      </div>
    </section>
  ));
}

/** Not connected yet: what Nghe will read, and the way to the provider's consent dialog. */
function ConnectOffer({ provider, projectId }: { provider: Provider; projectId: number }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-start gap-3" data-testid="connect-offer">
      <p className="text-sm text-base-content/80">{t(WORDS[provider].reads)}</p>
      {connectsByDialog(provider) && <ConnectMetaButton provider={provider} projectId={projectId} label={t(WORDS[provider].connect)} />}
    </div>
  );
}
