/**
 * The crisis detector's arithmetic, free of the database so the bench replays it on synthetic series
 * (docs/crisis-detection.md).
 *
 * Baseline: the hour's expected count is the median of the same hour of the week (and the hours either side of it)
 * over the past WEEKS weeks; its spread is the median absolute deviation of those samples, never below Poisson noise
 * (√expected). A past spike is a minority of the samples, so it moves neither figure: the baseline stays robust.
 * An hour is anomalous when its count, or the sum of the last three hours, is at least `z` spreads and `ratio` times
 * above the baseline and at least the project's minimum volume.
 */
export const SENSITIVITIES = ["low", "medium", "high"] as const;
export type Sensitivity = (typeof SENSITIVITIES)[number];

const THRESHOLDS: Record<Sensitivity, { z: number; ratio: number }> = {
  low: { z: 7, ratio: 3 },
  medium: { z: 5, ratio: 2.2 },
  high: { z: 4, ratio: 1.8 },
};

export const HOUR_MS = 3_600_000;
const WEEK_HOURS = 168;
/** Weeks of history the baseline reads; fewer than MIN_WEEKS and the hour is not judged. */
export const WEEKS = 8;
const MIN_WEEKS = 2;
const WINDOW = 3;
/** An hour at or below this many spreads above its baseline counts as back to normal. */
const CALM_Z = 2;

type DetectorSettings = { sensitivity: Sensitivity; minVolume: number };

type Baseline = { expected: number; spread: number };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The baseline of hour `index` of an hourly series, or null when the series holds too little history before it.
 * Weeks before `first` (the hour the project's data begins) are not samples: their empty hours would drag a young
 * project's baseline to zero and make its ordinary days look like spikes.
 */
export function baselineAt(series: ArrayLike<number>, index: number, first = 0): Baseline | null {
  const samples: number[] = [];
  let weeks = 0;
  for (let week = 1; week <= WEEKS; week += 1) {
    const at = index - week * WEEK_HOURS;
    if (at - 1 < Math.max(first, 0)) break;
    weeks += 1;
    for (const offset of [-1, 0, 1]) if (at + offset < series.length) samples.push(series[at + offset]);
  }
  if (weeks < MIN_WEEKS) return null;
  const expected = median(samples);
  const mad = median(samples.map((v) => Math.abs(v - expected)));
  return { expected, spread: Math.max(1.4826 * mad, Math.sqrt(Math.max(expected, 1))) };
}

export type HourScore = {
  count: number;
  expected: number;
  /** Spreads above the baseline (the strongest of the hour and the three-hour window). */
  z: number;
  anomalous: boolean;
  calm: boolean;
};

/** Scores hour `index` against its baseline; `baselines` holds the hours' baselines (null where unknown). */
export function scoreHour(
  series: ArrayLike<number>,
  baselines: (Baseline | null)[],
  index: number,
  settings: DetectorSettings,
): HourScore | null {
  const base = baselines[index];
  if (!base) return null;
  const { z: zMin, ratio } = THRESHOLDS[settings.sensitivity];
  const count = series[index];
  const z1 = (count - base.expected) / base.spread;
  const hourly = z1 >= zMin && count >= ratio * Math.max(base.expected, 1) && count >= settings.minVolume;
  let sum = 0;
  let expected = 0;
  let variance = 0;
  let full = true;
  for (let i = index - WINDOW + 1; i <= index; i += 1) {
    const b = i >= 0 ? baselines[i] : null;
    if (!b) {
      full = false;
      break;
    }
    sum += series[i];
    expected += b.expected;
    variance += b.spread ** 2;
  }
  const z3 = full ? (sum - expected) / Math.sqrt(variance) : 0;
  const windowed = full && z3 >= zMin && sum >= ratio * Math.max(expected, 1) && sum >= settings.minVolume && count > base.expected;
  // One odd hour is noise unless it is extreme; a crisis carries on, so the hour before must already be raised.
  const previous = index > 0 ? baselines[index - 1] : null;
  const sustained = previous !== null && (series[index - 1] - previous.expected) / previous.spread >= zMin / 2;
  const extreme = z1 >= 2 * zMin && count >= 2 * ratio * Math.max(base.expected, 1);
  return {
    count,
    expected: base.expected,
    z: Math.max(z1, z3),
    anomalous: (hourly || windowed) && (sustained || extreme),
    calm: z1 <= CALM_Z,
  };
}

/**
 * One hour judged on both series: the negative mentions alone, or a surge of all mentions while the negative ones are
 * raised too (more than CALM_Z spreads above their baseline, and at least the minimum volume). A crisis that the
 * sentiment model partly reads as neutral still shows as volume, while a wave of praise or a campaign, with negative
 * mentions at their baseline, is not a crisis. Back to normal only when both series are calm.
 */
export function combineScores(negative: HourScore, total: HourScore | null, settings: DetectorSettings): HourScore {
  if (!total) return negative;
  const surge = total.anomalous && !negative.calm && negative.count >= settings.minVolume;
  return { ...negative, anomalous: negative.anomalous || surge, calm: negative.calm && total.calm };
}

/** One hour's verdict for the incident tracker. */
export type TrackerState = {
  /** The open incident: its first and last anomalous hours, and its consecutive calm hours since. */
  open: { start: number; lastAnomalous: number; calmHours: number; peakZ: number; peakCount: number } | null;
  /** When the last incident closed (its last anomalous hour), for the cooldown. */
  lastClosed: number | null;
};

type TrackerEvent =
  | { kind: "open"; start: number }
  | { kind: "reopen"; start: number }
  | { kind: "extend"; hour: number }
  | { kind: "close"; end: number }
  | null;

/**
 * Steps the incident state through one scored hour (times are hour indexes or epoch hours): an anomaly opens an
 * incident, or extends the open one, or reopens the last one within the cooldown; `resolveHours` calm hours close it.
 */
export function stepTracker(
  state: TrackerState,
  hour: number,
  score: HourScore,
  options: { cooldownHours: number; resolveHours: number },
): TrackerEvent {
  if (score.anomalous) {
    if (state.open) {
      state.open.lastAnomalous = hour;
      state.open.calmHours = 0;
      state.open.peakZ = Math.max(state.open.peakZ, score.z);
      state.open.peakCount = Math.max(state.open.peakCount, score.count);
      return { kind: "extend", hour };
    }
    const reopen = state.lastClosed !== null && hour - state.lastClosed <= options.cooldownHours;
    state.open = { start: hour, lastAnomalous: hour, calmHours: 0, peakZ: score.z, peakCount: score.count };
    return reopen ? { kind: "reopen", start: hour } : { kind: "open", start: hour };
  }
  if (!state.open) return null;
  state.open.calmHours = score.calm ? state.open.calmHours + 1 : 0;
  if (state.open.calmHours < options.resolveHours) return null;
  const end = state.open.lastAnomalous + 1;
  state.lastClosed = state.open.lastAnomalous;
  state.open = null;
  return { kind: "close", end };
}
