import { useTranslation } from "react-i18next";
import { formatNumber, formatPercent } from "../../shared/format.ts";

/** What share of the authors a chart can speak for, when it is not all of them. */
export function CoverageNote({ field, known, total }: { field: "age" | "job" | "province"; known: number; total: number }) {
  const { t } = useTranslation();
  if (total === 0 || known === total) return null;
  const name = t(`audience.field.${field}`);
  return (
    <p className="text-xs text-base-content/70" data-testid={`coverage-note-${field}`}>
      {known === 0
        ? t("audience.partial_none", { field: name })
        : t("audience.partial", {
            field: name,
            count: total,
            known: formatNumber(known),
            total: formatNumber(total),
            share: formatPercent((known / total) * 100),
          })}
    </p>
  );
}

/** No author in the period (or none of the selected channels): said in the audience's words. */
export function AudienceEmpty() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-1 py-8 text-center" data-testid="widget-empty">
      <p className="font-medium">{t("audience.empty")}</p>
      <p className="max-w-sm text-sm text-base-content/60">{t("audience.empty_hint")}</p>
    </div>
  );
}
