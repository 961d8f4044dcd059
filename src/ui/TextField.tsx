import { useId, useState, type InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "onChange"> & {
  label: string;
  error?: string;
  /** Shown under the input while there is no error (a placeholder would be cut on a phone and vanish while typing). */
  hint?: string;
  onValue: (value: string) => void;
};

/** Labelled input with its field error (or hint) under it; passwords get a show/hide toggle. */
export function TextField({ label, error, hint, onValue, type = "text", ...input }: Props) {
  const id = useId();
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === "password";
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={isPassword && revealed ? "text" : type}
          className={`input w-full ${error ? "input-error" : ""} ${isPassword ? "pr-16" : ""}`}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          onChange={(e) => onValue(e.target.value)}
          {...input}
        />
        {isPassword && (
          <button
            type="button"
            className="btn btn-ghost btn-xs absolute right-2 top-1/2 -translate-y-1/2"
            onClick={() => setRevealed(!revealed)}
          >
            {revealed ? t("form.hide") : t("form.show")}
          </button>
        )}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error" data-testid="field-error">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="text-xs text-base-content/60">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
