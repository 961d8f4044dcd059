import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { $filters, setFilters } from "../../stores/filters.ts";
import { Icon } from "../../ui/Icon.tsx";

const DEBOUNCE_MS = 400;

/** Searches as the user types, once they pause, so a word is one request and one history step. */
export function SearchBox() {
  const { t } = useTranslation();
  const { search } = useStore($filters);
  const [text, setText] = useState(search);

  // Back/Forward and "clear filters" change the search from outside.
  useEffect(() => setText(search), [search]);

  useEffect(() => {
    if (text.trim() === search) return;
    const timer = setTimeout(() => setFilters({ search: text.trim() }), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search]);

  return (
    <label className="flex min-w-0 flex-col gap-1">
      <span className="text-sm font-medium">{t("filters.search_label")}</span>
      <span className="input w-full">
        <Icon path="M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.3-4.3" className="size-4 shrink-0 opacity-60" />
        <input
          type="search"
          className="grow"
          placeholder={t("filters.search_placeholder")}
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={200}
          data-testid="mention-search"
        />
      </span>
    </label>
  );
}
