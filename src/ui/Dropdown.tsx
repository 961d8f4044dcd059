import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "./Icon.tsx";
import { DROPDOWN_MAX_HEIGHT } from "../shared/limits.ts";
import { searchKey } from "../shared/vietnamese.ts";

export type OptionValue = string | number;
export type DropdownOption = { value: OptionValue; label: string; suffix?: string };

type Props = {
  label: string;
  options: DropdownOption[];
  value: OptionValue | null;
  onChange: (value: OptionValue) => void;
  placeholder?: string;
  searchable?: boolean;
  error?: string;
  name?: string;
  id?: string;
  disabled?: boolean;
  /**
   * Options laid out down this many columns, so that a longer list shows whole within the list's height; the arrows
   * then also move across (left, right) when the list itself takes the keys (no search box).
   */
  columns?: number;
};

/** Single choice from a list, searchable with or without Vietnamese diacritics. */
export function Dropdown({
  label,
  options,
  value,
  onChange,
  placeholder,
  searchable = true,
  error,
  name,
  id,
  disabled,
  columns = 1,
}: Props) {
  const { t } = useTranslation();
  const generatedId = useId();
  const buttonId = id ?? generatedId;
  const labelId = `${buttonId}-label`;
  const listId = `${buttonId}-list`;
  const optionId = useCallback((index: number) => `${buttonId}-option-${index}`, [buttonId]);

  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState("");
  const [activeIndex, setActiveIndex] = useState(0);

  const selected = options.find((option) => option.value === value);
  const visible = useMemo(() => {
    const key = searchKey(term);
    return options.filter((option) => searchKey(option.label).includes(key));
  }, [options, term]);
  const rows = Math.ceil(visible.length / columns);
  const across = columns > 1 && !searchable;

  function openPanel() {
    setActiveIndex(
      Math.max(
        0,
        options.findIndex((option) => option.value === value),
      ),
    );
    setOpen(true);
  }

  const close = useCallback(() => {
    setOpen(false);
    setTerm("");
  }, []);

  function closeToButton() {
    close();
    buttonRef.current?.focus();
  }

  function choose(option: DropdownOption) {
    if (option.value !== value) onChange(option.value);
    closeToButton();
  }

  useEffect(() => {
    if (!open) return;
    (searchRef.current ?? listRef.current)?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open, close]);

  useEffect(() => {
    if (open) document.getElementById(optionId(activeIndex))?.scrollIntoView({ block: "nearest" });
  }, [open, activeIndex, optionId]);

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (!open && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      event.preventDefault();
      openPanel();
    }
  }

  function onPanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (activeIndex < visible.length - 1) setActiveIndex(activeIndex + 1);
        break;
      case "ArrowUp":
        event.preventDefault();
        if (activeIndex > 0) setActiveIndex(activeIndex - 1);
        break;
      case "ArrowRight":
        if (!across) break;
        event.preventDefault();
        if (activeIndex + rows < visible.length) setActiveIndex(activeIndex + rows);
        break;
      case "ArrowLeft":
        if (!across) break;
        event.preventDefault();
        if (activeIndex - rows >= 0) setActiveIndex(activeIndex - rows);
        break;
      case "Enter":
        event.preventDefault(); // the search box must not submit the form
        if (visible[activeIndex]) choose(visible[activeIndex]);
        break;
      case "Escape":
        event.preventDefault();
        event.stopPropagation(); // only the list closes, not a dialog around it
        closeToButton();
        break;
      case "Tab":
        close();
        break;
    }
  }

  return (
    <div ref={rootRef} className="flex flex-col gap-1">
      <label id={labelId} htmlFor={buttonId} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <button
          ref={buttonRef}
          id={buttonId}
          type="button"
          className={`input w-full cursor-pointer justify-between ${error ? "input-error" : ""}`}
          disabled={disabled}
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-labelledby={`${labelId} ${buttonId}`}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${buttonId}-error` : undefined}
          onClick={() => (open ? close() : openPanel())}
          onKeyDown={onButtonKeyDown}
        >
          <span className={`truncate ${selected ? "" : "text-base-content/50"}`}>
            {selected?.label ?? placeholder ?? t("widget.select")}
          </span>
          <Icon path="M6 9l6 6 6-6" className={`size-4 shrink-0 transition-transform ${open ? "rotate-180" : ""}`} />
        </button>
        {open && (
          // The panel takes the keys of the search box and the list inside it.
          <div
            role="none"
            className={`absolute top-full z-20 mt-1 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg ${columns > 1 ? "w-max min-w-full" : "w-full"}`}
            onKeyDown={onPanelKeyDown}
          >
            {searchable && (
              <input
                ref={searchRef}
                type="search"
                className="input input-sm mb-2 w-full"
                placeholder={t("widget.search")}
                aria-label={t("widget.search")}
                aria-controls={listId}
                aria-activedescendant={visible.length > 0 ? optionId(activeIndex) : undefined}
                value={term}
                onChange={(e) => {
                  setTerm(e.target.value);
                  setActiveIndex(0);
                }}
              />
            )}
            <div
              ref={listRef}
              id={listId}
              role="listbox"
              tabIndex={-1}
              aria-labelledby={labelId}
              aria-activedescendant={!searchable && visible.length > 0 ? optionId(activeIndex) : undefined}
              className={`w-full overflow-y-auto text-sm outline-none ${columns > 1 ? "grid grid-flow-col gap-x-1" : "flex flex-col"}`}
              style={{ maxHeight: DROPDOWN_MAX_HEIGHT, gridTemplateRows: columns > 1 ? `repeat(${rows}, auto)` : undefined }}
            >
              {visible.map((option, index) => (
                // Options take no focus: it stays on the search box or the list, whose keys move through them (aria-activedescendant).
                // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: keys are handled by the focused list
                <div
                  key={option.value}
                  id={optionId(index)}
                  role="option"
                  aria-selected={option.value === value}
                  className={`flex shrink-0 cursor-pointer select-none justify-between gap-2 rounded-field px-3 py-1.5 ${index === activeIndex ? "bg-base-content/10" : ""} ${option.value === value ? "font-semibold text-primary" : ""}`}
                  onClick={() => choose(option)}
                  onMouseEnter={() => setActiveIndex(index)}
                >
                  <span className="truncate">{option.label}</span>
                  {option.suffix && <span className="shrink-0 text-xs text-base-content/60">{option.suffix}</span>}
                </div>
              ))}
            </div>
            {visible.length === 0 && <p className="px-3 py-2 text-sm text-base-content/60">{t("widget.no_results")}</p>}
          </div>
        )}
      </div>
      {name && <input type="hidden" name={name} value={value ?? ""} />}
      {error && (
        <p id={`${buttonId}-error`} className="text-sm text-error" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
