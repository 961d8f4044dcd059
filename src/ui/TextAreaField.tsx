import { useId, type TextareaHTMLAttributes } from "react";

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "onChange"> & {
  label: string;
  error?: string;
  onValue: (value: string) => void;
};

/** Labelled multi-line input with its field error under it, like TextField. */
export function TextAreaField({ label, error, onValue, ...textarea }: Props) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        className={`textarea w-full ${error ? "textarea-error" : ""}`}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onValue(e.target.value)}
        {...textarea}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-error" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
