import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import type { IncidentChange } from "../../shared/schemas/incident-answers.ts";
import { WidgetBody } from "../kit/Widget.tsx";
import { formatMinute } from "./format-time.ts";
import { useRemote } from "../kit/use-dashboard-data.ts";

const KNOWN_FIELDS = new Set([
  "title",
  "description",
  "status",
  "severity",
  "review",
  "ended_at",
  "started_at",
  "surge",
  "solution",
  "mentions_attached",
  "mentions_detached",
  "merged_into_id",
  "merged",
]);
/** The status words the detector and the API write, as the list shows statuses. */
const STATUS_WORDS: Record<string, string> = {
  "0": "crisis.status.0",
  in_progress: "crisis.status.0",
  "1": "crisis.status.1",
  done: "crisis.status.1",
  opened: "crisis.history.opened",
  created: "crisis.history.created",
  reopened: "crisis.history.reopened",
};

/** Every change of the incident, newest first: who (or the detector), when, what, old → new. */
export function HistoryTimeline({ incidentId, version }: { incidentId: number; version: number }) {
  const { t } = useTranslation();
  const { remote, retry } = useRemote(() => api.incidentHistory(incidentId), `${incidentId}-${version}`);
  return (
    <section className="card border border-base-300 bg-base-100" data-testid="history-timeline" data-state={remote.status}>
      <div className="card-body gap-3 p-4">
        <h2 className="text-base font-semibold">{t("crisis.history.title")}</h2>
        <WidgetBody remote={remote} onRetry={retry} isEmpty={(rows) => rows.length === 0}>
          {(rows) => (
            <ol className="relative flex flex-col gap-3 border-l-2 border-base-200 pl-4">
              {[...rows].reverse().map((change) => (
                <HistoryItem key={change.id} change={change} />
              ))}
            </ol>
          )}
        </WidgetBody>
      </div>
    </section>
  );
}

function HistoryItem({ change }: { change: IncidentChange }) {
  const { t } = useTranslation();
  const field = KNOWN_FIELDS.has(change.field) ? t(`crisis.history.field.${change.field}`) : change.field;
  const before = change.old_value === null ? null : valueText(t, change.field, change.old_value);
  const after = change.new_value === null ? "—" : valueText(t, change.field, change.new_value);
  return (
    <li className="relative text-sm" data-testid="history-item" data-field={change.field}>
      <span
        aria-hidden="true"
        className={`absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full ${change.user_id === null ? "bg-warning" : "bg-primary"}`}
      />
      <p className="text-xs text-base-content/60">
        <time dateTime={change.at}>{formatMinute(change.at)}</time> ·{" "}
        {change.user_id === null ? t("crisis.history.detector") : (change.user_name ?? t("crisis.history.someone"))}
      </p>
      <p>
        <span className="font-medium">{field}</span>
        {": "}
        {before !== null && (
          <>
            <span className="text-base-content/60 line-through">{before}</span>
            {" → "}
          </>
        )}
        <span className="break-words">{after}</span>
      </p>
    </li>
  );
}

function valueText(t: TFunction, field: string, value: string): string {
  if (field === "status" && STATUS_WORDS[value]) return t(STATUS_WORDS[value]);
  if (field === "surge" && (value === "calmed" || value === "surging")) return t(`crisis.surge.${value}`);
  if (field === "severity" && /^[123]$/.test(value)) return t(`crisis.severity.${value}`);
  if (field === "review") return t(`crisis.review.${value}`);
  if ((field === "ended_at" || field === "started_at") && !Number.isNaN(Date.parse(value))) return formatMinute(value);
  if (field === "mentions_attached" || field === "mentions_detached") return attachmentText(t, value);
  if (field === "solution") {
    const [evaluation, ...action] = value.split(": ");
    return `${t(`crisis.evaluation.${evaluation}`)}: ${action.join(": ")}`;
  }
  return value;
}

/** "stories 4,7; 12 mentions" as the service writes it, in the reader's language. */
function attachmentText(t: TFunction, value: string): string {
  return value
    .split("; ")
    .map((part) => {
      const stories = /^stories (.+)$/.exec(part);
      if (stories) return t("crisis.history.stories", { ids: stories[1].replaceAll(",", ", ") });
      const mentions = /^(\d+) mentions$/.exec(part);
      return mentions ? t("crisis.history.mentions", { count: Number(mentions[1]) }) : part;
    })
    .join("; ");
}
