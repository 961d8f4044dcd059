import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import type { AudienceByJob } from "../../shared/audience.ts";
import { formatNumber, formatPercent, percentages } from "../../shared/format.ts";
import { Widget } from "../kit/Widget.tsx";
import { AudienceEmpty, CoverageNote } from "./CoverageNote.tsx";
import { SampleBadge } from "./SampleParts.tsx";
import { useAudienceData } from "./use-audience-data.ts";

/** Authors per job category (among those whose job is known), most first. */
export function JobWidget() {
  const { t } = useTranslation();
  const { remote, retry } = useAudienceData(api.audienceJobs);
  return (
    <Widget
      title={t("audience.jobs_title")}
      remote={remote}
      onRetry={retry}
      skeleton="bars"
      actions={<SampleBadge remote={remote} />}
      testId="widget-jobs"
    >
      {(data) => (data.authors === 0 ? <AudienceEmpty /> : <Jobs data={data} />)}
    </Widget>
  );
}

function Jobs({ data }: { data: AudienceByJob }) {
  const { t } = useTranslation();
  const unknown = data.jobs.find((j) => j.job === "unknown")?.authors ?? 0;
  const known = data.jobs.filter((j) => j.job !== "unknown" && j.authors > 0).sort((a, b) => b.authors - a.authors);
  const shares = percentages(known.map((j) => j.authors));
  const max = Math.max(1, ...known.map((j) => j.authors));
  return (
    <div className="flex flex-col gap-3">
      <CoverageNote field="job" known={data.authors - unknown} total={data.authors} />
      <ul className="@container flex flex-col gap-2">
        {known.map((job, i) => (
          <li
            key={job.job}
            className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 text-sm @sm:grid-cols-[minmax(6rem,12rem)_1fr_auto]"
            data-job={job.job}
          >
            <span className="min-w-0 break-words">{t(`audience.job.${job.job}`)}</span>
            <span className="order-last col-span-2 h-2.5 overflow-hidden rounded-full bg-base-200 @sm:order-none @sm:col-span-1">
              <span className="block h-full rounded-full bg-secondary" style={{ width: `${(job.authors / max) * 100}%` }} />
            </span>
            <span className="w-28 text-right tabular-nums">
              <span className="font-medium">{formatNumber(job.authors)}</span>
              <span className="ml-2 text-base-content/60">{formatPercent(shares[i])}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
