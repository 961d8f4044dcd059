import { type } from "arktype";
import { id, idList } from "./dashboard.ts";
import { calendarDate, required, rowId } from "./fields.ts";

const integer = type("string.integer.parse");
const text = (max: number) =>
  type("string")
    .atMostLength(max)
    .pipe((s) => s.trim());
export const INCIDENT_EVALUATIONS = ["effective", "partly", "not_effective"] as const;
export const INCIDENT_REVIEWS = ["confirmed", "dismissed"] as const;
export const CRISIS_SENSITIVITIES = ["low", "medium", "high"] as const;
const MAX_IDS = 500;

/** GET /api/incident/index: the caller's incidents, by status (0 in progress, 1 done, none: all) and start time. */
export const IncidentListQuery = type({
  "project_id?": id,
  "status?": integer.pipe(type("0 <= number.integer <= 1")),
  "start_date?": calendarDate,
  "end_date?": calendarDate,
  "page?": integer.pipe(type("1 <= number.integer <= 1000")),
  "limit?": integer.pipe(type("1 <= number.integer <= 100")),
});

/** The incident calls that take the incident as a query parameter (`id`), like the dashboard calls take `project_id`. */
/** A project's crisis detection settings. */
export const CrisisSettingsQuery = type({ project_id: id });

export const IncidentQuery = type({ id, "project_id?": id, "limit?": integer.pipe(type("1 <= number.integer <= 50")) });
export const IncidentPath = type({ id });

/** GET /api/incident/mentions: one page of the incident's attached mentions, searchable. */
export const IncidentMentionsQuery = type({
  id,
  "project_id?": id,
  "search?": type("string").atMostLength(200),
  "sentiment_ids?": idList(0, 2, 3),
  "page?": integer.pipe(type("1 <= number.integer <= 1000")),
});

const isoTime = type("string.date.iso.parse");

export const IncidentCreateBody = type({
  project_id: rowId,
  title: required,
  "description?": text(2000),
  started_at: isoTime,
  "ended_at?": isoTime.or("null"),
  "severity?": "1 | 2 | 3",
});

/** POST /api/incident/update: any of the fields; each change is written to the history. */
export const IncidentUpdateBody = type({
  id: rowId,
  "title?": required,
  "description?": text(2000),
  "status?": "0 | 1",
  "severity?": "1 | 2 | 3",
  "ended_at?": isoTime.or("null"),
  "review?": type.enumerated(...INCIDENT_REVIEWS),
});

export const IncidentMergeBody = type({ id: rowId, into_id: rowId });

export const IncidentAttachBody = type({
  id: rowId,
  "document_ids?": rowId.array().atMostLength(MAX_IDS),
  "story_ids?": rowId.array().atMostLength(50),
});

export const SolutionBody = type({
  action: required,
  done_by: required,
  done_at: isoTime,
  evaluation: type.enumerated(...INCIDENT_EVALUATIONS),
  "notes?": text(2000),
});

/** The bounds of a project's detection settings, shared by the API and the settings form's inputs. */
export const CRISIS_SETTING_LIMITS = {
  min_volume: { min: 1, max: 100_000 },
  cooldown_hours: { min: 1, max: 720 },
  resolve_hours: { min: 1, max: 168 },
} as const;
const setting = (field: keyof typeof CRISIS_SETTING_LIMITS) =>
  type("number.integer").atLeast(CRISIS_SETTING_LIMITS[field].min).atMost(CRISIS_SETTING_LIMITS[field].max);

export const CrisisSettingsBody = type({
  project_id: rowId,
  sensitivity: type.enumerated(...CRISIS_SENSITIVITIES),
  min_volume: setting("min_volume"),
  cooldown_hours: setting("cooldown_hours"),
  resolve_hours: setting("resolve_hours"),
  "enabled?": "boolean",
});

/** The settings form as typed (the inputs' text): the numbers the API takes. */
export const CrisisSettingsForm = type({
  min_volume: integer.pipe(setting("min_volume")),
  cooldown_hours: integer.pipe(setting("cooldown_hours")),
  resolve_hours: integer.pipe(setting("resolve_hours")),
});

/** The incident form as typed: a title, and (opening one by hand) when it started. */
export const IncidentForm = type({ title: required, "started_at?": required });
