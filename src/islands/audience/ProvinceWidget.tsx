import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import type { AudienceByProvince } from "../../shared/audience.ts";
import { formatNumber, formatPercent, percentages } from "../../shared/format.ts";
import { fillFor, ProvinceMap } from "../../ui/ProvinceMap.tsx";
import { SegmentedTabs } from "../../ui/SegmentedTabs.tsx";
import { Widget } from "../dashboard/Widget.tsx";
import { AudienceEmpty, CoverageNote } from "./CoverageNote.tsx";
import { provinceName } from "./places.ts";
import { SampleBadge, SampleMark } from "./SampleParts.tsx";
import { useAudienceData } from "./use-audience-data.ts";

type Metric = "authors" | "mentions";

/** The 34 provinces coloured by authors (or their mentions), with hover or tap details and the ranked list beside. */
export function ProvinceWidget() {
  const { t } = useTranslation();
  const [metric, setMetric] = useState<Metric>("authors");
  const { remote, retry } = useAudienceData(api.audienceProvinces);
  const actions = (
    <div className="flex flex-wrap items-center gap-2">
      <SampleBadge remote={remote} />
      <SegmentedTabs
        label={t("audience.map_metric_label")}
        value={metric}
        onChange={setMetric}
        options={[
          { value: "authors", label: t("audience.metric.authors") },
          { value: "mentions", label: t("audience.metric.mentions") },
        ]}
      />
    </div>
  );
  return (
    <Widget title={t("audience.map_title")} remote={remote} onRetry={retry} skeleton="chart" actions={actions} testId="widget-provinces">
      {(data) => (data.authors === 0 ? <AudienceEmpty /> : <Provinces data={data} metric={metric} />)}
    </Widget>
  );
}

function Provinces({ data, metric }: { data: AudienceByProvince; metric: Metric }) {
  const { t, i18n } = useTranslation();
  const [selected, setSelected] = useState<string | null>(null);
  const [mapFailed, setMapFailed] = useState(false);
  const onFail = useCallback(() => setMapFailed(true), []);
  const ranked = [...data.provinces].sort((a, b) => b[metric] - a[metric] || a.code.localeCompare(b.code));
  const values = Object.fromEntries(ranked.map((p) => [p.code, p[metric]]));
  const max = Math.max(0, ...ranked.map((p) => p[metric]));
  const shares = percentages(ranked.map((p) => p[metric]));
  const name = (code: string) => provinceName(code, i18n.language);
  const active = selected ? (data.provinces.find((p) => p.code === selected) ?? { code: selected, authors: 0, mentions: 0 }) : null;
  return (
    <div className="flex flex-col gap-3">
      <CoverageNote field="province" known={data.authors - data.unknown} total={data.authors} />
      <div className="grid grid-cols-1 gap-4 @3xl:grid-cols-[3fr_2fr]">
        <figure className="flex min-w-0 flex-col gap-2">
          <p className="min-h-5 text-sm" aria-live="polite" data-testid="map-detail">
            {active && (
              <>
                <SampleMark sample={data.sample} className="mr-2 badge-xs" />
                <span className="font-semibold">{name(active.code)}</span>{" "}
                <span className="text-base-content/70">
                  {t("audience.province_authors", { count: active.authors, value: formatNumber(active.authors) })} ·{" "}
                  {t("audience.province_mentions", { count: active.mentions, value: formatNumber(active.mentions) })}
                </span>
              </>
            )}
          </p>
          {mapFailed ? (
            <p className="text-sm text-base-content/70" role="status">
              {t("audience.map_failed")}
            </p>
          ) : (
            <ProvinceMap
              values={values}
              label={t("audience.map_label")}
              names={name}
              archipelagoName={(key) => t(`audience.${key}`)}
              selected={selected}
              onSelect={setSelected}
              onFail={onFail}
            />
          )}
          <Legend max={max} sample={data.sample} />
          <figcaption className="text-xs text-base-content/60" data-testid="map-credit">
            {t("audience.map_credit")}
          </figcaption>
        </figure>
        <div className="flex min-w-0 flex-col gap-2">
          <h3 className="flex flex-wrap items-center gap-2 text-sm font-semibold">
            {t("audience.province_list")} <SampleMark sample={data.sample} className="badge-xs" />
          </h3>
          <ol className="flex max-h-[34rem] flex-col gap-1 overflow-y-auto pr-1 text-sm" data-testid="province-list">
            {ranked.map((p, i) => (
              <li key={p.code} data-province={p.code}>
                <button
                  type="button"
                  className={`grid w-full grid-cols-[1.75rem_1fr_auto] items-center gap-x-2 gap-y-1 rounded-box px-1.5 py-1 text-left hover:bg-base-200 ${selected === p.code ? "bg-base-200" : ""}`}
                  onClick={() => setSelected(selected === p.code ? null : p.code)}
                  aria-pressed={selected === p.code}
                >
                  <span className="text-right text-base-content/60 tabular-nums">{i + 1}</span>
                  <span className="truncate">{name(p.code)}</span>
                  <span className="tabular-nums">
                    <span className="font-medium">{formatNumber(p[metric])}</span>
                    <span className="ml-2 text-xs text-base-content/60">{formatPercent(shares[i])}</span>
                  </span>
                  <span className="col-start-2 col-end-4 h-1.5 overflow-hidden rounded-full bg-base-200">
                    <span
                      className="block h-full rounded-full"
                      style={{ width: `${max ? (p[metric] / max) * 100 : 0}%`, background: fillFor(p[metric], max) }}
                    />
                  </span>
                </button>
              </li>
            ))}
          </ol>
          {data.unknown > 0 && (
            <p className="text-xs text-base-content/60">
              {t("audience.unknown_province", { count: data.unknown, value: formatNumber(data.unknown) })}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

/** The map's colour scale, and on the sample the mark that says its colours are invented. */
function Legend({ max, sample }: { max: number; sample: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-base-content/70" aria-hidden="true" data-testid="map-legend">
      <SampleMark sample={sample} className="badge-xs" />
      <span className="inline-flex items-center gap-1">
        <span className="inline-block size-3 rounded-sm" style={{ background: fillFor(0, max) }} />
        {t("audience.legend_none")}
      </span>
      <span className="tabular-nums">1</span>
      <span
        className="h-2.5 w-32 rounded-full"
        style={{ background: `linear-gradient(to right, ${fillFor(Math.min(1, max), max)}, ${fillFor(max, max)})` }}
      />
      <span className="tabular-nums">{formatNumber(max)}</span>
    </div>
  );
}
