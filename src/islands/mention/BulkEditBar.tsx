import { useTranslation } from "react-i18next";
import type { MentionChanges } from "../../client/types.ts";
import { formatNumber } from "../../shared/format.ts";
import { MENTION_STATUS } from "../../shared/mention.ts";
import { SENTIMENTS } from "../../shared/sentiment.ts";
import { mentionLabels } from "./mention-labels.ts";

type Props = { count: number; onApply: (changes: MentionChanges) => void; onClear: () => void };

/** Sets the sentiment or the status of every selected mention at once. */
export function BulkEditBar({ count, onApply, onClear }: Props) {
  const { t } = useTranslation();
  const labels = mentionLabels(t);
  return (
    <div className="flex flex-1 flex-wrap items-center gap-2" data-testid="bulk-edit">
      <span className="text-sm font-medium">{t("mention.selected", { count, value: formatNumber(count) })}</span>
      <select
        className="select select-sm w-auto"
        aria-label={t("mention.bulk_sentiment")}
        value=""
        onChange={(e) => onApply({ sentiment: Number(e.target.value) as 0 | 1 | 2 })}
        data-testid="bulk-sentiment"
      >
        <option value="" disabled>
          {t("mention.bulk_sentiment")}
        </option>
        {SENTIMENTS.map((s) => (
          <option key={s.id} value={s.id}>
            {t(`filters.sentiment.${s.name}`)}
          </option>
        ))}
      </select>
      <select
        className="select select-sm w-auto"
        aria-label={t("mention.bulk_status")}
        value=""
        onChange={(e) => onApply({ status: Number(e.target.value) as 0 | 1 | 2 | 3 })}
        data-testid="bulk-status"
      >
        <option value="" disabled>
          {t("mention.bulk_status")}
        </option>
        {Object.values(MENTION_STATUS).map((status) => (
          <option key={status} value={status}>
            {labels.status(status)}
          </option>
        ))}
      </select>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onClear}>
        {t("mention.clear_selection")}
      </button>
    </div>
  );
}
