import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { Lang } from "../../i18n/index.ts";
import { explainQuery, queryErrorMessage } from "../../shared/query/explain-query.ts";
import { parseQuery } from "../../shared/query/parse-query.ts";
import { QUERY_LIMITS, QueryError } from "../../shared/query/query-ast.ts";

type Props = { name: string; value: string | null; onChange: (query: string | null) => void; error?: string };

/** The query read back in words, or what is wrong with it and where. */
function reading(query: string, lang: Lang): { ok: boolean; text: string } {
  try {
    return { ok: true, text: explainQuery(parseQuery(query), lang) };
  } catch (error) {
    if (!(error instanceof QueryError)) throw error;
    return { ok: false, text: queryErrorMessage(error, lang) };
  }
}

/**
 * A brand's advanced mode (issue 38): off, the brand matches by its keywords; on, by the query typed here, read back
 * in plain words as it is typed. The keywords stay the brand's display terms.
 */
export function QueryField({ name, value, onChange, error }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const on = value !== null;
  const read = on && value.trim() ? reading(value, i18n.language as Lang) : null;
  return (
    <div className="flex flex-col gap-2" data-query-field={name}>
      <label className="flex cursor-pointer items-center gap-2 text-sm font-medium">
        <input type="checkbox" className="toggle toggle-sm" checked={on} onChange={(e) => onChange(e.target.checked ? "" : null)} />
        {t("project.query_mode")}
      </label>
      {on && (
        <>
          <label htmlFor={id} className="sr-only">
            {t("field.query")}
          </label>
          <textarea
            id={id}
            name={name}
            className={`textarea w-full text-sm ${error || read?.ok === false ? "textarea-error" : ""}`}
            rows={3}
            maxLength={QUERY_LIMITS.length}
            value={value}
            placeholder='(Vinamilk OR VNM) NEAR/5 sữa AND NOT "cổ phiếu"'
            aria-describedby={`${id}-reading`}
            onChange={(e) => onChange(e.target.value)}
          />
          <p id={`${id}-reading`} className={`text-sm ${read?.ok === false ? "text-error" : "text-base-content/70"}`} role="status">
            {read ? (read.ok ? t("project.query_reads", { reading: read.text }) : read.text) : t("project.query_help")}
          </p>
          {error && (
            <p className="text-sm text-error" data-testid="field-error">
              {error}
            </p>
          )}
        </>
      )}
    </div>
  );
}
