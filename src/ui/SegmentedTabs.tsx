type Props<T extends string> = { label: string; options: { value: T; label: string }[]; value: T; onChange: (value: T) => void };

/** Two or three views of one card (mentions / interactions, keywords / hashtags). */
export function SegmentedTabs<T extends string>({ label, options, value, onChange }: Props<T>) {
  return (
    <div role="tablist" aria-label={label} className="tabs tabs-box tabs-xs">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="tab"
          aria-selected={option.value === value}
          className={`tab ${option.value === value ? "tab-active" : ""}`}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
