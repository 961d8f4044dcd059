import { useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "./Icon.tsx";
import { MAX_KEYWORDS } from "../shared/limits.ts";
import { keywordKey, nfc } from "../shared/vietnamese.ts";

type Props = {
  label: string;
  value: string[];
  onChange: (next: string[]) => void;
  max?: number;
  error?: string;
  placeholder?: string;
  name?: string;
  id?: string;
  /** A sentence under the field saying what its words do. */
  hint?: string;
  /** Excluded words are chips of another colour than the keywords they exclude from. */
  tone?: "keyword" | "excluded";
};

const WORDS = {
  keyword: { full: "widget.keywords_full", remove: "widget.keyword_remove", chip: "badge-primary" },
  excluded: { full: "widget.excluded_full", remove: "widget.excluded_remove", chip: "badge-warning" },
} as const;

// A column pasted from a spreadsheet arrives one keyword per line.
const SEPARATOR = /[,\n]/;

/** The keywords plus the new entries that are neither empty nor already there, up to max. */
function withEntries(keywords: string[], entries: string[], max: number): string[] {
  const next = [...keywords];
  const seen = new Set(keywords.map(keywordKey));
  for (const entry of entries) {
    if (next.length >= max) break;
    const keyword = nfc(entry).trim().replace(/\s+/g, " ");
    const key = keywordKey(keyword);
    if (!keyword || seen.has(key)) continue;
    seen.add(key);
    next.push(keyword);
  }
  return next;
}

/** Keywords as removable chips; a keyword is added on comma, Enter or blur. */
export function KeywordInput({ label, value, onChange, max = MAX_KEYWORDS, error, placeholder, name, id, hint, tone = "keyword" }: Props) {
  const { t } = useTranslation();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const inputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState("");
  const full = value.length >= max;

  function commit(entries: string[]) {
    setDraft("");
    const next = withEntries(value, entries, max);
    if (next.length !== value.length) onChange(next);
  }

  function onDraftChange(text: string) {
    const parts = text.split(SEPARATOR);
    const rest = parts.pop() ?? "";
    if (parts.length > 0) commit(parts);
    setDraft(rest);
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData.getData("text");
    if (!SEPARATOR.test(pasted)) return;
    event.preventDefault();
    commit((draft + pasted).split(SEPARATOR));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter also confirms a word being composed by an input method; that one is not ours.
    if (event.key === "Enter" && !event.nativeEvent.isComposing) {
      event.preventDefault();
      commit([draft]);
    } else if (event.key === "Backspace" && draft === "" && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  const describedBy = [`${inputId}-count`, hint ? `${inputId}-hint` : "", error ? `${inputId}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-1" data-keyword-input={name}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={inputId} className="text-sm font-medium">
          {label}
        </label>
        <span id={`${inputId}-count`} className="text-xs text-base-content/60">
          {t("widget.keyword_count", { used: value.length, max })}
        </span>
      </div>
      {/* A click anywhere in the field, not only on the text box, is where the user means to type. The keyboard reaches the
          text box itself, so the field is only its frame (role none). */}
      <div
        role="none"
        className={`input h-auto min-h-10 w-full flex-wrap gap-1 py-1.5 ${error ? "input-error" : ""}`}
        onClick={() => inputRef.current?.focus()}
      >
        {value.map((keyword) => (
          <span key={keyword} className={`badge badge-soft gap-1 pr-1 ${WORDS[tone].chip}`}>
            {keyword}
            <button
              type="button"
              className="btn btn-ghost btn-circle btn-xs size-4 min-h-0"
              aria-label={t(WORDS[tone].remove, { keyword })}
              onClick={() => onChange(value.filter((k) => k !== keyword))}
            >
              <Icon path="M6 6l12 12M18 6L6 18" className="size-3" />
            </button>
          </span>
        ))}
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          className="w-auto min-w-24 flex-1"
          value={draft}
          disabled={full}
          placeholder={full ? t(WORDS[tone].full, { max }) : placeholder}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          onChange={(e) => onDraftChange(e.target.value)}
          onPaste={onPaste}
          onKeyDown={onKeyDown}
          onBlur={() => commit([draft])}
        />
      </div>
      {name && value.map((keyword) => <input key={keyword} type="hidden" name={name} value={keyword} />)}
      {hint && (
        <p id={`${inputId}-hint`} className="text-xs text-base-content/60">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} className="text-sm text-error" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
