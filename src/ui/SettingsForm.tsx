import type { ReactNode } from "react";
import { SubmitButton } from "./SubmitButton.tsx";
import { UnsavedChangesGuard } from "./UnsavedChangesGuard.tsx";

type Props = { testId: string; busy: boolean; submitLabel: string; save: () => Promise<boolean>; children: ReactNode };

/** A settings card whose Update button and unsaved-changes guard (spec §2) both save the same way. */
export function SettingsForm({ testId, busy, submitLabel, save, children }: Props) {
  return (
    <form
      className="card max-w-3xl border border-base-300 bg-base-100"
      noValidate
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="card-body gap-6">
        {children}
        <div className="desktop:w-48">
          <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
        </div>
      </div>
      <UnsavedChangesGuard save={save} />
    </form>
  );
}
