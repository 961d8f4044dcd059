import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "./Icon.tsx";
import { DROPDOWN_MAX_HEIGHT } from "../shared/limits.ts";

type MultiOption = { value: number; label: string; color?: string };

type Props = {
  label: string;
  allLabel: string;
  options: MultiOption[];
  value: number[];
  onChange: (value: number[]) => void;
  testId?: string;
};

/** Several choices from a short list; choosing none means "all". Closes on outside click and Escape. */
export function MultiSelect({ label, allLabel, options, value, onChange, testId }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const chosen = options.filter((o) => value.includes(o.value));
  // One name, or a count: two names ("Trung lập, Tiêu cực") did not fit a filter column. The title lists them all.
  const summary =
    chosen.length === 0 ? allLabel : chosen.length === 1 ? chosen[0].label : t("filters.selected_count", { value: chosen.length });
  const chosenNames = chosen.map((o) => o.label).join(", ");

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);

  const toggle = (option: number) =>
    onChange(value.includes(option) ? value.filter((v) => v !== option) : [...value, option].sort((a, b) => a - b));

  return (
    // Escape from the button or a checkbox inside closes the panel.
    <div
      ref={rootRef}
      role="none"
      className="flex min-w-0 flex-col gap-1"
      data-testid={testId}
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          e.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <button
          id={id}
          type="button"
          className="input w-full cursor-pointer justify-between"
          aria-expanded={open}
          aria-haspopup="true"
          title={chosenNames || undefined}
          onClick={() => setOpen(!open)}
        >
          <span className={`truncate ${chosen.length === 0 ? "text-base-content/70" : ""}`}>{summary}</span>
          <Icon path="M6 9l6 6 6-6" className={`size-4 shrink-0 transition-transform ${open ? "rotate-180" : ""}`} />
        </button>
        {open && (
          <fieldset
            className="absolute top-full z-20 mt-1 w-full min-w-48 overflow-y-auto rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
            style={{ maxHeight: DROPDOWN_MAX_HEIGHT }}
          >
            <legend className="sr-only">{label}</legend>
            <label className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 hover:bg-base-200">
              <input
                type="checkbox"
                className="checkbox checkbox-sm checkbox-primary"
                checked={chosen.length === 0}
                onChange={() => onChange([])}
              />
              <span className="text-sm font-medium">{allLabel}</span>
            </label>
            {options.map((option) => (
              <label key={option.value} className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 hover:bg-base-200">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm checkbox-primary"
                  checked={value.includes(option.value)}
                  onChange={() => toggle(option.value)}
                />
                {option.color && (
                  <span aria-hidden="true" className="size-2 shrink-0 rounded-full" style={{ backgroundColor: option.color }} />
                )}
                <span className="truncate text-sm">{option.label}</span>
              </label>
            ))}
          </fieldset>
        )}
      </div>
    </div>
  );
}
