import { sql, type Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { alertIncidents } from "./alert-incident.ts";
import { readCrisisSettings, type CrisisSettings } from "./crisis-settings.ts";
import { describeIncident } from "./describe-incident.ts";
import { firstDataHour } from "./first-data-hour.ts";
import { recordHistory } from "./record-history.ts";
import { baselineAt, combineScores, HOUR_MS, scoreHour, stepTracker, WEEKS, type TrackerState } from "./spike-detector.ts";

/** How far back a project's first scan judges, so a fresh database finds the crises of its last two weeks. */
const FIRST_SCAN_HOURS = 14 * 24;
const HISTORY_HOURS = WEEKS * 168 + 2;

type DetectionResult = {
  projectId: number;
  judgedHours: number;
  opened: number[];
  reopened: number[];
  calmed: number[];
  extended: number[];
};

const floorHour = (t: number) => Math.floor(t / HOUR_MS) * HOUR_MS;

/** Severity from the peak hour's size against its baseline: 1 moderate, 2 high (≥ 4×), 3 severe (≥ 8×). */
function severityOf(peak: number, baseline: number): 1 | 2 | 3 {
  const ratio = peak / Math.max(baseline, 1);
  return ratio >= 8 ? 3 : ratio >= 4 ? 2 : 1;
}

/**
 * Runs crisis detection for the brand projects (or one project): judges each project's hours since its last scan on its
 * negative mentions against the seasonal baseline (spike-detector.ts) and opens, extends or reopens its detected
 * incident, or records that its surge calmed (its end time). It never marks an incident done: that status (spec §4) is
 * a person's decision that the crisis was handled. Idempotent: the scanned hour only moves forward, under a row lock
 * that makes a second worker wait and then find nothing left to judge; at most one detected incident per project is
 * still surging (a unique index).
 */
export async function detectIncidents(deps: Deps, projectId?: number): Promise<DetectionResult[]> {
  let query = deps.db.selectFrom("projects").select("id").where("parent_id", "is", null).orderBy("id");
  if (projectId !== undefined) query = query.where("id", "=", projectId);
  const projects = await query.execute();
  const results: DetectionResult[] = [];
  for (const project of projects) {
    const settings = await readCrisisSettings(deps.db, project.id);
    if (!settings.enabled) continue;
    const result = await deps.db.transaction().execute((trx) => scanProject(deps, trx, project.id, settings));
    results.push(result);
    await alertIncidents(deps, [...result.opened, ...result.reopened, ...result.extended], settings.cooldownHours);
  }
  return results;
}

async function scanProject(deps: Deps, trx: Transaction<Database>, projectId: number, settings: CrisisSettings): Promise<DetectionResult> {
  const now = deps.now();
  const currentHour = floorHour(now.getTime());
  const result: DetectionResult = { projectId, judgedHours: 0, opened: [], reopened: [], calmed: [], extended: [] };
  await trx
    .insertInto("crisis_scans")
    .values({ project_id: projectId, scanned_until: new Date(currentHour - FIRST_SCAN_HOURS * HOUR_MS) })
    .onConflict((oc) => oc.column("project_id").doNothing())
    .execute();
  const scan = await trx
    .selectFrom("crisis_scans")
    .select("scanned_until")
    .where("project_id", "=", projectId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const from = scan.scanned_until.getTime();

  const open = await trx
    .selectFrom("incidents")
    .selectAll()
    .where("project_id", "=", projectId)
    .where("origin", "=", "detected")
    .where("ended_at", "is", null)
    .where("merged_into_id", "is", null)
    .executeTakeFirst();
  const last = open
    ? undefined
    : await trx
        .selectFrom("incidents")
        .selectAll()
        .where("project_id", "=", projectId)
        .where("origin", "=", "detected")
        .where("review", "<>", "dismissed")
        .where("merged_into_id", "is", null)
        .orderBy("last_anomaly_at", "desc")
        .limit(1)
        .executeTakeFirst();

  // The hours to read: the baseline's weeks before the first hour judged (or before the open incident's start).
  const firstNeeded = Math.min(from, open?.last_anomaly_at?.getTime() ?? from);
  const seriesStart = firstNeeded - HISTORY_HOURS * HOUR_MS;
  // Noise included: a crisis spreads as reposts and copied captions, which the noise score marks as repeats.
  const rows = await trx
    .selectFrom("mention_rollups_hourly")
    .select([
      "hour",
      sql<number>`sum(mentions)`.as("mentions"),
      sql<number>`sum(case when sentiment = 2 then mentions else 0 end)`.as("negative"),
    ])
    .where("project_id", "=", projectId)
    .where("hour", ">=", new Date(seriesStart))
    .where("hour", "<=", new Date(currentHour))
    .groupBy("hour")
    .execute();
  const length = (currentHour - seriesStart) / HOUR_MS + 1;
  const negative = new Float64Array(length);
  const total = new Float64Array(length);
  for (const row of rows) {
    const i = (new Date(row.hour).getTime() - seriesStart) / HOUR_MS;
    negative[i] = Number(row.negative);
    total[i] = Number(row.mentions);
  }
  const judgedFrom = firstNeeded - 3 * HOUR_MS;
  const first = ((await firstDataHour(trx, projectId)) ?? currentHour) - seriesStart;
  const baselinesOf = (series: Float64Array) =>
    Array.from({ length }, (_, i) => (seriesStart + i * HOUR_MS >= judgedFrom ? baselineAt(series, i, first / HOUR_MS) : null));
  const negativeBaselines = baselinesOf(negative);
  const totalBaselines = baselinesOf(total);
  const indexOf = (t: number) => (t - seriesStart) / HOUR_MS;
  const detector = { sensitivity: settings.sensitivity, minVolume: settings.minVolume };
  const judge = (i: number) => {
    const score = scoreHour(negative, negativeBaselines, i, detector);
    return score && combineScores(score, scoreHour(total, totalBaselines, i, detector), detector);
  };

  const state: TrackerState = { open: null, lastClosed: last?.last_anomaly_at ? indexOf(last.last_anomaly_at.getTime()) : null };
  if (open?.last_anomaly_at) {
    const lastAnomalous = indexOf(open.last_anomaly_at.getTime());
    let calmHours = 0;
    for (let i = lastAnomalous + 1; i < indexOf(from); i += 1) calmHours = judge(i)?.calm ? calmHours + 1 : 0;
    state.open = { start: indexOf(open.started_at.getTime()), lastAnomalous, calmHours, peakZ: open.peak_z, peakCount: open.peak_count };
  }

  let incident = open ?? null;
  // The incident a spike within the cooldown reopens: the last one before this scan, then each one this scan closes.
  let previous = last ?? null;
  let peakBaseline = open?.baseline_count ?? 0;
  const track = { cooldownHours: settings.cooldownHours, resolveHours: settings.resolveHours };
  // Whole hours are judged once; the current hour is looked at each run, but only to open or extend (it is not over).
  for (let t = from; t <= currentHour; t += HOUR_MS) {
    const i = indexOf(t);
    const score = judge(i);
    if (!score) continue;
    if (t < currentHour) result.judgedHours += 1;
    else if (!score.anomalous) break;
    const event = stepTracker(state, i, score, track);
    if (!event) continue;
    const at = new Date(t);
    if (event.kind === "open") {
      const created = await trx
        .insertInto("incidents")
        .values({
          project_id: projectId,
          title: "",
          started_at: at,
          origin: "detected",
          last_anomaly_at: at,
          peak_z: score.z,
          peak_count: score.count,
          baseline_count: score.expected,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordHistory(trx, created, null, [{ field: "status", old: null, new: "opened" }], now);
      incident = created;
      peakBaseline = score.expected;
      result.opened.push(created.id);
    } else if (event.kind === "reopen" && previous) {
      // Surging again: a crisis someone had marked done is in progress again; one nobody handled simply goes on.
      const reopened = {
        status: 0 as const,
        ended_at: null,
        last_anomaly_at: at,
        peak_z: Math.max(previous.peak_z, score.z),
        peak_count: Math.max(previous.peak_count, score.count),
        baseline_count: score.count >= previous.peak_count ? score.expected : previous.baseline_count,
      };
      await trx
        .updateTable("incidents")
        .set({ ...reopened, updated_at: now })
        .where("id", "=", previous.id)
        .execute();
      await recordHistory(
        trx,
        previous,
        null,
        [
          { field: "surge", old: "calmed", new: "surging" },
          ...(previous.status === 1 ? [{ field: "status", old: "done", new: "reopened" }] : []),
          { field: "ended_at", old: previous.ended_at?.toISOString() ?? null, new: null },
        ],
        now,
      );
      incident = { ...previous, ...reopened };
      peakBaseline = reopened.baseline_count;
      if (!result.reopened.includes(previous.id)) result.reopened.push(previous.id);
    } else if (event.kind === "extend" && incident) {
      if (score.count >= incident.peak_count) peakBaseline = score.expected;
      await trx
        .updateTable("incidents")
        .set({
          last_anomaly_at: at,
          peak_z: Math.max(incident.peak_z, score.z),
          peak_count: Math.max(incident.peak_count, score.count),
          baseline_count: peakBaseline,
          updated_at: now,
        })
        .where("id", "=", incident.id)
        .execute();
      incident = {
        ...incident,
        last_anomaly_at: at,
        peak_z: Math.max(incident.peak_z, score.z),
        peak_count: Math.max(incident.peak_count, score.count),
        baseline_count: peakBaseline,
      };
      if (!result.extended.includes(incident.id) && !result.opened.includes(incident.id)) result.extended.push(incident.id);
    } else if (event.kind === "close" && incident) {
      // The surge is over; whether the crisis was handled is for a person to say, so the status stays.
      const end = new Date(seriesStart + event.end * HOUR_MS);
      await trx.updateTable("incidents").set({ ended_at: end, updated_at: now }).where("id", "=", incident.id).execute();
      await recordHistory(
        trx,
        incident,
        null,
        [
          { field: "surge", old: "surging", new: "calmed" },
          { field: "ended_at", old: null, new: end.toISOString() },
        ],
        now,
      );
      await settle(trx, incident.id, now);
      result.calmed.push(incident.id);
      previous = { ...incident, ended_at: end };
      incident = null;
    }
    if (incident && event.kind !== "close") await attachHour(trx, incident.id, projectId, at, now);
  }
  for (const id of new Set([...result.opened, ...result.reopened, ...result.extended])) await settle(trx, id, now);
  await trx
    .updateTable("crisis_scans")
    .set({ scanned_until: new Date(Math.max(from, currentHour)) })
    .where("project_id", "=", projectId)
    .execute();
  return result;
}

/** Attaches an anomalous hour's negative mentions to the incident (the detector's own attachments). */
async function attachHour(trx: Transaction<Database>, incidentId: number, projectId: number, hour: Date, now: Date) {
  await trx
    .insertInto("incident_mentions")
    .columns(["incident_id", "project_id", "document_id", "added_by", "added_at"])
    .expression(
      trx
        .selectFrom("mentions")
        .select([
          sql<number>`${incidentId}::bigint`.as("incident_id"),
          "project_id",
          "document_id",
          sql<null>`null::bigint`.as("added_by"),
          sql<Date>`${now}::timestamptz`.as("added_at"),
        ])
        .where("project_id", "=", projectId)
        .where("sentiment", "=", 2)
        .where("published_at", ">=", hour)
        .where("published_at", "<", new Date(hour.getTime() + HOUR_MS)),
    )
    .onConflict((oc) => oc.columns(["project_id", "incident_id", "document_id"]).doNothing())
    .execute();
}

/** The severity the detector last set (1, the column's default, when it has set none). */
async function detectedSeverity(trx: Transaction<Database>, incidentId: number): Promise<number> {
  const row = await trx
    .selectFrom("incident_history")
    .select("new_value")
    .where("incident_id", "=", incidentId)
    .where("field", "=", "severity")
    .where("user_id", "is", null)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return Number(row?.new_value ?? 1);
}

/**
 * Titles a new incident from its leading story, refreshes what drove it, and raises its severity when the peak has
 * grown past the severity the detector last set: a severity a user lowered stays until the crisis really escalates.
 */
async function settle(trx: Transaction<Database>, incidentId: number, now: Date) {
  const incident = await trx.selectFrom("incidents").selectAll().where("id", "=", incidentId).executeTakeFirstOrThrow();
  const { title, storyId, drivers } = await describeIncident(trx, incident, now);
  const severity = severityOf(incident.peak_count, incident.baseline_count);
  const escalated = severity > incident.severity && severity > (await detectedSeverity(trx, incidentId));
  const changes = {
    drivers: JSON.stringify(drivers),
    story_id: incident.story_id ?? storyId,
    severity: escalated ? severity : incident.severity,
    ...(incident.title === "" ? { title: title ?? "" } : {}),
  };
  await trx.updateTable("incidents").set(changes).where("id", "=", incidentId).execute();
  if (escalated) await recordHistory(trx, incident, null, [{ field: "severity", old: incident.severity, new: severity }], now);
}
