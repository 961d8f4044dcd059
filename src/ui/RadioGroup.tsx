type Props<T extends string> = {
  legend: string;
  name: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  /** Shown under the choices: what the chosen one means. */
  hint?: string;
};

/** A few exclusive choices shown at once (evaluation, severity, sensitivity): one click, nothing hidden in a list. */
export function RadioGroup<T extends string>({ legend, name, options, value, onChange, hint }: Props<T>) {
  return (
    <fieldset className="flex flex-col gap-1" data-testid={`radio-${name}`}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              className="radio radio-sm"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {hint && <p className="text-xs text-base-content/60">{hint}</p>}
    </fieldset>
  );
}
