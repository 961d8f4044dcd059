import { useCallback, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import type { AudienceByProvince } from "../../shared/audience.ts";
import { formatNumber, formatPercent, percentages } from "../../shared/format.ts";
import { fillFor, ProvinceMap } from "../../ui/ProvinceMap.tsx";
import { SegmentedTabs } from "../../ui/SegmentedTabs.tsx";
import { useMentionLink } from "../kit/mention-link.ts";
import { Widget } from "../kit/Widget.tsx";
import { AudienceEmpty, CoverageNote } from "./CoverageNote.tsx";
import { provinceName } from "../kit/places.ts";
import { SampleBadge, SampleMark } from "./SampleParts.tsx";
import { useAudienceData, useAudiencePeriod } from "./use-audience-data.ts";

type Metric = "authors" | "mentions";
type Province = AudienceByProvince["provinces"][number];
/** Rank, province, authors, mentions: the ranked list's columns, shared by its head and its rows. */
const ROW_GRID = "grid grid-cols-[1.75rem_minmax(0,1fr)_4rem_4.5rem] items-center gap-x-2";

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
  const active = selected
    ? (data.provinces.find((p) => p.code === selected) ?? { code: selected, authors: 0, mentions: 0, listed_mentions: null })
    : null;
  const linkText = (p: Province) =>
    t("audience.province_mentions_link", {
      count: p.listed_mentions ?? 0,
      value: formatNumber(p.listed_mentions ?? 0),
      province: name(p.code),
    });
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
                  {active.listed_mentions === null ? (
                    t("audience.province_mentions", { count: active.mentions, value: formatNumber(active.mentions) })
                  ) : (
                    <ProvinceMentionsLink province={active} testId="province-detail-link">
                      {linkText(active)}
                    </ProvinceMentionsLink>
                  )}
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
          <div className="max-h-[34rem] overflow-y-auto pr-1">
            <div className={`sticky top-0 z-20 bg-base-100 ${ROW_GRID} px-1.5 pb-1 text-xs text-base-content/60`}>
              <span />
              <span>{t("audience.col.province")}</span>
              <span className="text-right">{t("audience.metric.authors")}</span>
              <span className="text-right">{t("audience.metric.mentions")}</span>
            </div>
            <ol className="flex flex-col gap-1 text-sm" data-testid="province-list">
              {ranked.map((p, i) => (
                <li
                  key={p.code}
                  data-province={p.code}
                  className={`relative ${ROW_GRID} gap-y-1 rounded-box px-1.5 py-1 hover:bg-base-200 ${selected === p.code ? "bg-base-200" : ""}`}
                >
                  <span className="text-right text-base-content/60 tabular-nums">{i + 1}</span>
                  {/* The whole row selects the province; only the mentions link above it leads away. */}
                  <button
                    type="button"
                    className="truncate text-left after:absolute after:inset-0 after:content-['']"
                    onClick={() => setSelected(selected === p.code ? null : p.code)}
                    aria-pressed={selected === p.code}
                  >
                    {name(p.code)}
                  </button>
                  <span className={`text-right tabular-nums ${metric === "authors" ? "font-medium" : "text-base-content/70"}`}>
                    {formatNumber(p.authors)}
                  </span>
                  <span className={`text-right tabular-nums ${metric === "mentions" ? "font-medium" : "text-base-content/70"}`}>
                    {p.listed_mentions === null ? (
                      formatNumber(p.mentions)
                    ) : (
                      <ProvinceMentionsLink province={p} testId="province-mentions-link" label={linkText(p)}>
                        {formatNumber(p.listed_mentions)}
                      </ProvinceMentionsLink>
                    )}
                  </span>
                  <span className="col-start-2 h-1.5 overflow-hidden rounded-full bg-base-200">
                    <span
                      className="block h-full rounded-full"
                      style={{ width: `${max ? (p[metric] / max) * 100 : 0}%`, background: fillFor(p[metric], max) }}
                    />
                  </span>
                  {/* The bar's share, under the number it is a share of. */}
                  <span
                    className={`${metric === "authors" ? "col-start-3" : "col-start-4"} text-right text-xs text-base-content/60 tabular-nums`}
                  >
                    {formatPercent(shares[i])}
                  </span>
                </li>
              ))}
            </ol>
          </div>
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

/**
 * The mentions of a province's authors, opening the mention list of them for the audience's period, with its channels;
 * the number it shows is the list's total.
 */
function ProvinceMentionsLink({
  province,
  testId,
  label,
  children,
}: {
  province: Province;
  testId: string;
  label?: string;
  children: ReactNode;
}) {
  const link = useMentionLink("audience");
  const period = useAudiencePeriod();
  return (
    <a
      href={link({ province: province.code, type_time: period, start_date: null, end_date: null })}
      className="link relative z-10"
      aria-label={label}
      title={label}
      data-testid={testId}
      data-listed={province.listed_mentions}
    >
      {children}
    </a>
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
