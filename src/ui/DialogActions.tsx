import type { ReactNode } from "react";

type Props = {
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: ReactNode;
  busy: boolean;
  /** Also off while the dialog lacks what it needs (a choice, its data). */
  disabled?: boolean;
  testId: string;
} & ({ form: string; onSubmit?: never } | { form?: never; onSubmit: () => void });

/** A dialog's footer: cancel, then the primary action, which spins while it runs; it submits `form` or calls `onSubmit`. */
export function DialogActions({ cancelLabel, onCancel, submitLabel, busy, disabled = false, testId, form, onSubmit }: Props) {
  return (
    <>
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        {cancelLabel}
      </button>
      <button
        type={form ? "submit" : "button"}
        form={form}
        className="btn btn-primary"
        disabled={busy || disabled}
        aria-busy={busy}
        onClick={onSubmit}
        data-testid={testId}
      >
        {busy && <span className="loading loading-spinner loading-sm" />}
        {submitLabel}
      </button>
    </>
  );
}
