import type { ReactNode } from "react";

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn-primary w-full" disabled={busy} aria-busy={busy}>
      {busy && <span className="loading loading-spinner loading-sm" />}
      {children}
    </button>
  );
}
