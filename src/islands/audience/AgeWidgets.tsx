import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { AGE_RANGES, type AgeBreakdown, type AgeByProjectRow } from "../../shared/audience.ts";
import { formatNumber, formatPercent, percentages } from "../../shared/format.ts";
import { channelName } from "../../ui/channel-name.ts";
import { useBrandAndCompetitors } from "../kit/projects.ts";
import { Widget } from "../kit/Widget.tsx";
import { AudienceEmpty, CoverageNote } from "./CoverageNote.tsx";
import { SampleBadge, useSampleTip } from "./SampleParts.tsx";
import { useAudienceData } from "./use-audience-data.ts";

/** One colour per age range, light for the young to dark for the old, told apart by lightness as much as hue. */
const AGE_COLORS = ["#bae6fd", "#67e8f9", "#22d3ee", "#0891b2", "#155e75", "#1e293b"];

type Row = AgeBreakdown & { key: string | number; label: string };

/** Authors per age range in each channel. */
export function AgeByChannelWidget() {
  const { t } = useTranslation();
  const { remote, retry } = useAudienceData(api.audienceAgeByChannel);
  return (
    <Widget
      title={t("audience.age_channel_title")}
      remote={remote}
      onRetry={retry}
      skeleton="bars"
      actions={<SampleBadge remote={remote} />}
      testId="widget-age-channel"
    >
      {(data) =>
        data.channels.length === 0 ? (
          <AudienceEmpty />
        ) : (
          <StackedAges
            sample={data.sample}
            rows={data.channels.map((c) => ({ ...c, key: c.channel_id, label: channelName(t, c.channel_id) }))}
          />
        )
      }
    </Widget>
  );
}

/** Authors per age range of the brand and each competitor. */
export function AgeByProjectWidget() {
  const { t } = useTranslation();
  const projects = useBrandAndCompetitors();
  const { remote, retry } = useAudienceData(api.audienceAgeByProject);
  const label = (row: AgeByProjectRow) =>
    row.sample_brand === null
      ? (projects.find((p) => p.id === row.project_id)?.name ?? String(row.project_id))
      : t("audience.sample_brand", { letter: row.sample_brand });
  return (
    <Widget
      title={t("audience.age_project_title")}
      remote={remote}
      onRetry={retry}
      skeleton="bars"
      actions={<SampleBadge remote={remote} />}
      testId="widget-age-project"
    >
      {(data) =>
        data.projects.every((p) => p.authors === 0) ? (
          <AudienceEmpty />
        ) : (
          <StackedAges
            sample={data.sample}
            rows={data.projects.map((p) => ({ ...p, key: p.project_id ?? p.sample_brand, label: label(p) }))}
          />
        )
      }
    </Widget>
  );
}

/** A 100 % bar per row, split by age range among the authors whose age is known, with the counts on hover. */
function StackedAges({ rows, sample }: { rows: Row[]; sample: boolean }) {
  const { t } = useTranslation();
  const tip = useSampleTip(sample);
  const authors = rows.reduce((sum, r) => sum + r.authors, 0);
  const unknown = rows.reduce((sum, r) => sum + r.unknown, 0);
  return (
    <div className="flex flex-col gap-3">
      <CoverageNote field="age" known={authors - unknown} total={authors} />
      <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs" aria-hidden="true">
        {AGE_RANGES.map((age, i) => (
          <li key={age} className="inline-flex items-center gap-1">
            <span className="size-3 rounded-sm" style={{ backgroundColor: AGE_COLORS[i] }} />
            {age}
          </li>
        ))}
      </ul>
      <ul className="flex flex-col gap-2.5">
        {rows.map((row) => {
          const known = row.authors - row.unknown;
          const shares = percentages(AGE_RANGES.map((age) => row.ages[age]));
          return (
            <li key={row.key} className="flex flex-col gap-1 text-sm" data-row={row.key}>
              <div className="flex items-baseline justify-between gap-2">
                <span className="min-w-0 font-medium break-words">{row.label}</span>
                <span className="shrink-0 text-xs text-base-content/60 tabular-nums">
                  {t("audience.coverage_of", { count: row.authors, known: formatNumber(known), total: formatNumber(row.authors) })}
                </span>
              </div>
              <div
                className="flex h-3.5 overflow-hidden rounded-full bg-base-200"
                role="img"
                aria-label={tip(`${row.label}: ${AGE_RANGES.map((age, i) => `${age} ${formatPercent(shares[i])}`).join(", ")}`)}
              >
                {known > 0 &&
                  AGE_RANGES.map((age, i) =>
                    row.ages[age] > 0 ? (
                      <span
                        key={age}
                        className="h-full"
                        style={{ width: `${shares[i]}%`, backgroundColor: AGE_COLORS[i] }}
                        title={tip(`${age}: ${formatNumber(row.ages[age])} (${formatPercent(shares[i])})`)}
                        data-age={age}
                      />
                    ) : null,
                  )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
