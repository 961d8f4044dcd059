import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { $formDirty } from "../stores/dirty.ts";
import { Dialog } from "./Dialog.tsx";

/**
 * Spec §2 unsaved-changes guard: while the form is dirty, following a link opens a dialog — Update saves and then
 * goes, Cancel forgets the changes and goes — and closing the tab asks the browser's leave confirmation.
 */
export function UnsavedChangesGuard({ save }: { save: () => Promise<boolean> }) {
  const { t } = useTranslation();
  const dirty = useStore($formDirty);
  const [target, setTarget] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!dirty) return;
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!link || link.target === "_blank" || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const url = new URL(link.href, location.href);
      if (url.origin !== location.origin || url.pathname === location.pathname) return;
      event.preventDefault();
      event.stopPropagation();
      setTarget(url.href);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    document.addEventListener("click", onClick, true);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, [dirty]);

  const leave = (href: string) => {
    $formDirty.set(false);
    setTarget(null);
    location.assign(href);
  };

  return (
    <Dialog
      open={target !== null}
      title={t("guard.title")}
      testId="unsaved-dialog"
      onClose={() => setTarget(null)}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={() => target && leave(target)} disabled={busy}>
            {t("guard.cancel")}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              const saved = await save().finally(() => setBusy(false));
              if (saved && target) leave(target);
              else setTarget(null);
            }}
          >
            {busy && <span className="loading loading-spinner loading-sm" />}
            {t("guard.update")}
          </button>
        </>
      }
    >
      <p>{t("guard.text")}</p>
    </Dialog>
  );
}
