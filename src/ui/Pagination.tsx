import { useTranslation } from "react-i18next";
import { Icon } from "./Icon.tsx";
import { pageItems } from "./page-items.ts";

type Props = { page: number; totalPages: number; onPage: (page: number) => void };

export function Pagination({ page, totalPages, onPage }: Props) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t("mention.pagination")} className="join" data-testid="pagination">
      <button
        type="button"
        className="join-item btn btn-sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t("mention.previous_page")}
      >
        <Icon path="M15 18l-6-6 6-6" className="size-4" />
      </button>
      {pageItems(page, totalPages).map((item) =>
        typeof item === "string" ? (
          <span key={item} className="join-item btn btn-sm btn-disabled" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className={`join-item btn btn-sm tabular-nums ${item === page ? "btn-primary" : ""}`}
            aria-current={item === page ? "page" : undefined}
            onClick={() => item !== page && onPage(item)}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className="join-item btn btn-sm"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
        aria-label={t("mention.next_page")}
      >
        <Icon path="M9 18l6-6-6-6" className="size-4" />
      </button>
    </nav>
  );
}
