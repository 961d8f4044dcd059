import { seededRandom } from "../src/shared/seeded-random.ts";
import {
  baselineAt,
  scoreHour,
  SENSITIVITIES,
  stepTracker,
  type Sensitivity,
  type TrackerState,
} from "../src/server/services/crisis/spike-detector.ts";
import { DEFAULT_CRISIS_SETTINGS } from "../src/server/services/crisis/crisis-defaults.ts";

// Synthetic hourly negative-mention series replayed through the detector: 10 weeks of history (with past spikes, which
// the baseline must shrug off), then 4 weeks judged, with injected spikes of known start, size and length, and
// spike-free series. Prints precision, recall (spikes ≥ 3× the baseline and at least the minimum volume) and the
// median detection delay per sensitivity.
const HISTORY_WEEKS = 10;
const JUDGED_WEEKS = 4;
const HOURS = (HISTORY_WEEKS + JUDGED_WEEKS) * 168;

type Shape = (hour: number) => number;
const SHAPES: Record<string, Shape> = {
  flat: () => 1,
  daily: (h) => 0.35 + 0.65 * Math.max(0, Math.sin((((h % 24) - 6) / 24) * 2 * Math.PI)) * 1.6,
  "office-week": (h) => (h % 168 < 120 ? 1.3 : 0.4) * (h % 24 >= 8 && h % 24 < 22 ? 1.4 : 0.3),
  evening: (h) => (h % 24 >= 19 && h % 24 < 24 ? 2.2 : 0.7),
};
const VOLUMES = [4, 10, 30, 120];
const NOISES = ["poisson", "overdispersed"] as const;

type Spike = { start: number; hours: number; multiplier: number };

function poisson(random: () => number, mean: number): number {
  if (mean > 60) return Math.max(0, Math.round(mean + Math.sqrt(mean) * gaussian(random)));
  const limit = Math.exp(-mean);
  let k = 0;
  let p = random();
  while (p > limit) {
    k += 1;
    p *= random();
  }
  return k;
}

function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function makeSeries(seed: number, shape: Shape, volume: number, noise: (typeof NOISES)[number], spikes: Spike[]) {
  const rnd = seededRandom(seed);
  const mean = new Float64Array(HOURS);
  for (let h = 0; h < HOURS; h += 1) mean[h] = volume * shape(h);
  const baseMean = Float64Array.from(mean);
  for (const spike of spikes)
    for (let h = spike.start; h < Math.min(HOURS, spike.start + spike.hours); h += 1) {
      // A spike ramps up over its first two hours, as news spreads.
      const ramp = h === spike.start ? 0.6 : 1;
      mean[h] = baseMean[h] * (1 + (spike.multiplier - 1) * ramp);
    }
  const series = new Float64Array(HOURS);
  for (let h = 0; h < HOURS; h += 1) {
    const m = noise === "overdispersed" ? mean[h] * Math.exp(0.3 * gaussian(rnd.next) - 0.045) : mean[h];
    series[h] = poisson(rnd.next, m);
  }
  return { series, baseMean };
}

type Case = { series: Float64Array; baseMean: Float64Array; spikes: Spike[] };

function buildCases(): Case[] {
  const cases: Case[] = [];
  let seed = 1;
  for (const [, shape] of Object.entries(SHAPES))
    for (const volume of VOLUMES)
      for (const noise of NOISES)
        for (let variant = 0; variant < 6; variant += 1) {
          seed += 1;
          const rnd = seededRandom(seed * 7919);
          const spikes: Spike[] = [];
          // Past spikes in the history: the baseline must not learn them.
          spikes.push({ start: rnd.int(3 * 168, 5 * 168), hours: rnd.int(6, 30), multiplier: 5 });
          spikes.push({ start: rnd.int(7 * 168, 9 * 168), hours: rnd.int(6, 30), multiplier: 3 });
          // Variant 0 and 1 stay spike-free in the judged weeks.
          if (variant >= 2) {
            const multiplier = [2, 3, 5, 10][variant - 2];
            spikes.push({ start: HISTORY_WEEKS * 168 + rnd.int(24, 10 * 24), hours: rnd.int(4, 36), multiplier });
            spikes.push({
              start: HISTORY_WEEKS * 168 + rnd.int(16 * 24, 25 * 24),
              hours: rnd.int(3, 24),
              multiplier: [3, 4, 6, 8][variant - 2],
            });
          }
          cases.push({ ...makeSeries(seed, shape, volume, noise, spikes), spikes: spikes.filter((s) => s.start >= HISTORY_WEEKS * 168) });
        }
  return cases;
}

function detect(series: Float64Array, sensitivity: Sensitivity) {
  const settings = { ...DEFAULT_CRISIS_SETTINGS, sensitivity };
  const baselines = Array.from({ length: HOURS }, (_, i) => baselineAt(series, i));
  const state: TrackerState = { open: null, lastClosed: null };
  const incidents: { start: number; end: number }[] = [];
  for (let h = HISTORY_WEEKS * 168; h < HOURS; h += 1) {
    const score = scoreHour(series, baselines, h, { sensitivity, minVolume: settings.minVolume });
    if (!score) continue;
    const event = stepTracker(state, h, score, settings);
    if (event?.kind === "open") incidents.push({ start: h, end: HOURS });
    if (event?.kind === "reopen") incidents[incidents.length - 1].end = HOURS;
    if (event?.kind === "close" && incidents.length) incidents[incidents.length - 1].end = event.end;
  }
  return incidents;
}

export default function crisisBench() {
  const cases = buildCases();
  const minVolume = DEFAULT_CRISIS_SETTINGS.minVolume;
  console.log(
    `${cases.length} series × ${JUDGED_WEEKS} judged weeks (${Object.keys(SHAPES).join(", ")}; base ${VOLUMES.join("/")} negative mentions an hour at the shape's mean; ${NOISES.join(", ")}); minimum volume ${minVolume}`,
  );
  console.log("sensitivity | incidents | precision | recall ≥3× (eligible) | recall 2× | median delay h | false alarms / series-week");
  for (const sensitivity of SENSITIVITIES) {
    let incidents = 0;
    let truePositives = 0;
    let eligible = 0;
    let found = 0;
    let twoX = 0;
    let twoXFound = 0;
    const delays: number[] = [];
    for (const c of cases) {
      const detected = detect(c.series, sensitivity);
      incidents += detected.length;
      truePositives += detected.filter((d) => c.spikes.some((s) => d.start < s.start + s.hours + 12 && d.end > s.start)).length;
      for (const spike of c.spikes) {
        // Eligible: the spike's own hours carry at least the minimum volume at full size.
        const peak = Math.max(...Array.from({ length: spike.hours }, (_, i) => c.baseMean[spike.start + i] ?? 0)) * spike.multiplier;
        const hit = detected.find((d) => d.start >= spike.start - 1 && d.start < spike.start + spike.hours);
        const covered = hit ?? detected.find((d) => d.start < spike.start && d.end > spike.start);
        if (spike.multiplier === 2) {
          twoX += 1;
          if (covered) twoXFound += 1;
          continue;
        }
        if (peak < minVolume) continue;
        eligible += 1;
        if (covered) {
          found += 1;
          delays.push(Math.max(0, (hit?.start ?? spike.start) - spike.start));
        }
      }
    }
    const falseAlarms = incidents - truePositives;
    delays.sort((a, b) => a - b);
    const precision = incidents ? truePositives / incidents : 1;
    console.log(
      `${sensitivity.padEnd(11)} | ${String(incidents).padStart(9)} | ${precision.toFixed(3).padStart(9)} | ${(found / eligible).toFixed(3)} (${found}/${eligible})`.padEnd(
        62,
      ) +
        ` | ${(twoXFound / twoX).toFixed(3).padStart(9)} | ${String(delays[delays.length >> 1] ?? "-").padStart(14)} | ${(falseAlarms / (cases.length * JUDGED_WEEKS)).toFixed(3)}`,
    );
  }
  console.log("delay: hours from the spike's first hour to the hour whose count opened the incident (0 = its first hour)");
}
