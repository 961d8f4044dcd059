import { useEffect, useMemo, useState } from "react";
import type { Topology } from "topojson-specification";
import { staticJson } from "../client/static-file.ts";

/** The map file (public/geo/, CC BY-SA 4.0, licence beside it): the 34 provinces of 2025 with both archipelagos. */
const MAP_URL = "/geo/vn-34-provinces.topojson";
const WIDTH = 600;
/** Mainland Vietnam ends west of 109.5° E: polygons beyond 110° E are the Hoàng Sa and Trường Sa islands. */
const ARCHIPELAGO_LONGITUDE = 110;

type Shape = { slug: string; d: string; islands: string | null };
type Drawn = { height: number; shapes: Shape[]; labels: { key: "hoang_sa" | "truong_sa"; x: number; y: number }[] };

/** Where the archipelago names go (longitude, latitude), beside the islands. */
const LABELS = [
  { key: "hoang_sa", at: [111.2, 17.6] },
  { key: "truong_sa", at: [112.2, 12.2] },
] as const;

async function drawMap(): Promise<Drawn> {
  // Loaded on first use only: the libraries and the 140 KB map are this screen's alone.
  const [{ feature }, { geoMercator, geoPath, geoCentroid }, topology] = await Promise.all([
    import("topojson-client"),
    import("d3-geo"),
    staticJson<Topology>(MAP_URL),
  ]);
  const collection = feature(topology, topology.objects.provinces) as unknown as GeoJSON.FeatureCollection<
    GeoJSON.Polygon | GeoJSON.MultiPolygon,
    { slug: string }
  >;
  // Fitted to the whole file, so both archipelagos are always in view.
  const projection = geoMercator().fitWidth(WIDTH, collection);
  const path = geoPath(projection);
  const [, [, bottom]] = path.bounds(collection);
  const shapes = collection.features.map((f) => {
    const polygons = f.geometry.type === "Polygon" ? [f.geometry.coordinates] : f.geometry.coordinates;
    const islands = polygons.filter((coordinates) => geoCentroid({ type: "Polygon", coordinates })[0] > ARCHIPELAGO_LONGITUDE);
    return {
      slug: f.properties.slug,
      d: path(f) ?? "",
      islands: islands.length > 0 ? path({ type: "MultiPolygon", coordinates: islands }) : null,
    };
  });
  const labels = LABELS.map(({ key, at }) => {
    const [x, y] = projection([at[0], at[1]])!;
    return { key, x, y };
  });
  return { height: Math.ceil(bottom), shapes, labels };
}

let drawing: Promise<Drawn> | null = null;

export type ProvinceMapProps = {
  /** Value per province slug (ha-noi, dong-nai…); missing means none. */
  values: Record<string, number>;
  label: string;
  names: (slug: string) => string;
  archipelagoName: (key: "hoang_sa" | "truong_sa") => string;
  selected: string | null;
  onSelect: (slug: string | null) => void;
  onFail: () => void;
};

/** Share of the colour scale: square root, so a few big cities do not leave every other province blank. */
const shade = (value: number, max: number) => (value <= 0 || max <= 0 ? 0 : 12 + 88 * Math.sqrt(value / max));

export const fillFor = (value: number, max: number) =>
  value > 0 ? `color-mix(in oklab, var(--color-primary) ${shade(value, max).toFixed(1)}%, var(--color-base-100))` : "var(--color-base-200)";

/** Vietnam's 34 provinces as SVG, coloured by value, with the Hoàng Sa and Trường Sa archipelagos named on the map. */
export function ProvinceMap({ values, label, names, archipelagoName, selected, onSelect, onFail }: ProvinceMapProps) {
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  useEffect(() => {
    let current = true;
    drawing ??= drawMap();
    drawing.then(
      (map) => current && setDrawn(map),
      (error: unknown) => {
        drawing = null;
        console.error("province map failed", error);
        if (current) onFail();
      },
    );
    return () => {
      current = false;
    };
  }, [onFail]);
  const max = useMemo(() => Math.max(0, ...Object.values(values)), [values]);

  if (!drawn) return <div className="skeleton aspect-square w-full max-w-md self-center" data-testid="map-loading" />;
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG cannot be a <fieldset>; the group names the map for its buttons.
    <svg
      viewBox={`0 0 ${WIDTH} ${drawn.height}`}
      role="group"
      aria-label={label}
      className="mx-auto h-auto max-h-[34rem] w-full"
      data-testid="province-map"
    >
      {drawn.shapes.map((shape) => {
        const value = values[shape.slug] ?? 0;
        const active = selected === shape.slug;
        return (
          // biome-ignore lint/a11y/useSemanticElements: SVG shapes cannot be <button>s; each province is focusable and answers Enter and Space.
          <g
            key={shape.slug}
            role="button"
            tabIndex={0}
            aria-label={names(shape.slug)}
            aria-pressed={active}
            data-province={shape.slug}
            data-value={value}
            className="cursor-pointer outline-none"
            onMouseEnter={() => onSelect(shape.slug)}
            onFocus={() => onSelect(shape.slug)}
            onClick={() => onSelect(active ? null : shape.slug)}
            onKeyDown={(event) => {
              if (event.key !== "Enter" && event.key !== " ") return;
              event.preventDefault();
              onSelect(active ? null : shape.slug);
            }}
          >
            <title>{names(shape.slug)}</title>
            <path
              d={shape.d}
              style={{ fill: fillFor(value, max) }}
              className={active ? "stroke-base-content" : "stroke-base-100"}
              strokeWidth={active ? 1.6 : 0.6}
            />
            {/* Islets are a fraction of a pixel: an outline in the province's colour keeps them visible. */}
            {shape.islands && (
              <path
                d={shape.islands}
                data-archipelago={shape.slug}
                style={{ fill: fillFor(value, max), stroke: value > 0 ? fillFor(value, max) : "var(--color-base-300)" }}
                strokeWidth={2.2}
                strokeLinejoin="round"
              />
            )}
          </g>
        );
      })}
      {drawn.labels.map(({ key, x, y }) => (
        <text key={key} x={x} y={y} className="fill-base-content/70 text-[15px] italic" textAnchor="middle" data-testid={`label-${key}`}>
          {archipelagoName(key)}
        </text>
      ))}
    </svg>
  );
}
