import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import type { AudienceByArea } from "../../shared/audience.ts";
import { formatNumber, formatPercent, percentages } from "../../shared/format.ts";
import { Widget } from "../kit/Widget.tsx";
import { AudienceEmpty, CoverageNote } from "./CoverageNote.tsx";
import { SampleBadge } from "./SampleParts.tsx";
import { useAudienceData } from "./use-audience-data.ts";

/** North, Central and South: authors and the share of those whose province is known. */
export function AreaWidget() {
  const { t } = useTranslation();
  const { remote, retry } = useAudienceData(api.audienceAreas);
  return (
    <Widget
      title={t("audience.areas_title")}
      remote={remote}
      onRetry={retry}
      skeleton="bars"
      actions={<SampleBadge remote={remote} />}
      testId="widget-areas"
    >
      {(data) => (data.authors === 0 ? <AudienceEmpty /> : <Areas data={data} />)}
    </Widget>
  );
}

function Areas({ data }: { data: AudienceByArea }) {
  const { t } = useTranslation();
  const shares = percentages(data.areas.map((a) => a.authors));
  const max = Math.max(1, ...data.areas.map((a) => a.authors));
  return (
    <div className="flex flex-col gap-3">
      <CoverageNote field="province" known={data.authors - data.unknown} total={data.authors} />
      <ul className="flex flex-col gap-3">
        {data.areas.map((area, i) => (
          <li key={area.area} className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 text-sm" data-area={area.area}>
            <span className="font-medium">{t(`audience.area.${area.area}`)}</span>
            <span className="tabular-nums">
              <span className="font-medium">{formatNumber(area.authors)}</span>
              <span className="ml-2 text-base-content/60">{formatPercent(shares[i])}</span>
            </span>
            <span className="col-span-2 h-2.5 overflow-hidden rounded-full bg-base-200">
              <span className="block h-full rounded-full bg-primary" style={{ width: `${(area.authors / max) * 100}%` }} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
