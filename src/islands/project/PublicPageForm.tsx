import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { ApiFailure } from "../../client/api-error.ts";
import { showToast } from "../../stores/toasts.ts";

type Props = { projectId: number; connectionId: number; allowed: boolean; onChanged: () => Promise<void> };

/**
 * Public Pages the customer does not manage: a field to follow one where Meta granted the server Page Public Content
 * Access, otherwise the honest reason they cannot be followed.
 */
export function PublicPageForm({ projectId, connectionId, allowed, onChanged }: Props) {
  const { t } = useTranslation();
  const inputId = useId();
  const [page, setPage] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!allowed)
    return (
      <p className="text-xs text-base-content/60" data-testid="public-pages-unavailable">
        {t("connections.public_pages_unavailable")}
      </p>
    );

  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const added = await api.addPublicPage(connectionId, { project_id: projectId, page });
      setPage("");
      showToast("success", t("connections.public_page_added", { name: added.name }));
      await onChanged();
    } catch (failure) {
      if (!(failure instanceof ApiFailure)) throw failure;
      setError(failure.field("page") ?? failure.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="flex flex-col gap-2" onSubmit={(e) => void add(e)} data-testid="public-page-form" noValidate>
      <h3 className="font-semibold">{t("connections.public_pages_title")}</h3>
      <p className="text-xs text-base-content/60">{t("connections.public_pages_hint")}</p>
      <label htmlFor={inputId} className="text-sm">
        {t("connections.public_page_label")}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={inputId}
          name="page"
          className={`input input-bordered min-w-0 flex-1 ${error ? "input-error" : ""}`}
          placeholder="facebook.com/…"
          value={page}
          maxLength={300}
          required
          aria-invalid={error !== null}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(e) => setPage(e.target.value)}
        />
        <button
          type="submit"
          className="btn btn-outline"
          disabled={busy || page.trim() === ""}
          aria-busy={busy}
          data-testid="public-page-add"
        >
          {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {t("connections.public_page_add")}
        </button>
      </div>
      {error && (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-error" data-testid="public-page-error">
          {error}
        </p>
      )}
    </form>
  );
}
