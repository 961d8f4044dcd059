import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { ApiFailure } from "../../client/api-error.ts";
import type { ProjectForm, ProjectPreview } from "../../client/types.ts";
import { formatDateTime } from "../../shared/format.ts";
import { channelName } from "../../shared/names.ts";
import type { Lang } from "../../i18n/index.ts";

type State = { status: "idle" | "loading" } | { status: "failed"; message: string } | { status: "ready"; preview: ProjectPreview };

/**
 * Before saving: what each brand's rules in the form would match over the last 30 days, with a sample, and how that
 * differs from what the saved rules match. Nothing is saved.
 */
export function RulesPreview({ values, validate }: { values: ProjectForm; validate: () => boolean }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<State>({ status: "idle" });

  async function run() {
    if (!validate()) return;
    setState({ status: "loading" });
    try {
      setState({ status: "ready", preview: await api.previewProject({ ...values, brand_id: values.brand_id ?? 0 }) });
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      setState({ status: "failed", message: error.message });
    }
  }

  return (
    <section className="flex flex-col gap-3 rounded-box border border-base-300 p-4" data-testid="rules-preview">
      <button
        type="button"
        className="btn btn-outline btn-sm self-start"
        onClick={run}
        disabled={state.status === "loading"}
        aria-busy={state.status === "loading"}
      >
        {state.status === "loading" && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {t("project.preview")}
      </button>
      {state.status === "failed" && (
        <p role="alert" className="text-sm text-error">
          {state.message}
        </p>
      )}
      {state.status === "ready" && (
        <div className="flex flex-col gap-3" role="status">
          <h3 className="text-sm font-semibold">{t("project.preview_title", { days: state.preview.days })}</h3>
          {state.preview.brands.map((brand) => (
            <div key={brand.name} className="flex flex-col gap-1" data-testid="preview-brand">
              <p className="flex flex-wrap items-baseline gap-x-3 text-sm">
                <span className="font-medium">{brand.name}</span>
                <span data-testid="preview-count">{t("project.preview_count", { count: brand.count })}</span>
                <span className="text-base-content/70" data-testid="preview-change">
                  {t("project.preview_change", { added: brand.added, removed: brand.removed })}
                </span>
              </p>
              {brand.count === 0 ? (
                <p className="text-sm text-base-content/70">{t("project.preview_none", { days: state.preview.days })}</p>
              ) : (
                <ul className="flex flex-col gap-1 text-sm text-base-content/80">
                  {brand.sample.map((item) => (
                    <li key={`${item.published_at}-${item.content}`} className="break-words">
                      <span className="text-xs text-base-content/60">
                        {channelName(i18n.language as Lang, item.channel)} · {item.source_name} · {formatDateTime(item.published_at)}
                      </span>
                      <br />
                      {item.title ? `${item.title} — ` : ""}
                      {item.content}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
