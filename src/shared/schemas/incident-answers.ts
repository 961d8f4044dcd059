import { type } from "arktype";
import { type AtTime, SentimentCountsSchema, TimeSeriesSchema } from "../api-types.ts";
import { CRISIS_SENSITIVITIES, INCIDENT_EVALUATIONS, INCIDENT_REVIEWS } from "./incident.ts";

/** The answers of /api/incident/*: what services/crisis/ builds, read by the crisis screens. */
const IncidentStorySchema = type({ id: "number", mentions: "number", title: "string" });
export const IncidentStoriesSchema = IncidentStorySchema.array();
export const IncidentDriversSchema = type({
  "stories?": IncidentStoriesSchema,
  "sources?": type({ name: "string", mentions: "number" }).array(),
  "channels?": type({ id: "number", mentions: "number" }).array(),
  "terms?": "string[]",
});
export type IncidentDrivers = typeof IncidentDriversSchema.infer;

/** An incident as the API answers it (services/crisis/incident-view.ts). */
export const IncidentViewSchema = type({
  id: "number",
  project_id: "number",
  title: "string",
  description: "string",
  start_date: "Date",
  end_date: type("Date | null").describe("empty while the incident is ongoing"),
  status: "0 | 1",
  severity: "1 | 2 | 3",
  origin: "'detected' | 'user'",
  review: type.enumerated("pending", ...INCIDENT_REVIEWS),
  merged_into_id: "number | null",
  peak_count: "number",
  baseline_count: "number",
  peak_z: "number",
  drivers: IncidentDriversSchema,
  story_id: "number | null",
  last_alert_at: "Date | null",
});
export const IncidentSchema = IncidentViewSchema.and({ total_mention: "number" });

export const CrisisSettingsSchema = type({
  sensitivity: type.enumerated(...CRISIS_SENSITIVITIES),
  minVolume: "number",
  cooldownHours: "number",
  resolveHours: "number",
  enabled: "boolean",
});
export const ProjectCrisisSettingsSchema = CrisisSettingsSchema.and({ project_id: "number" });

export const IncidentDetailSchema = IncidentSchema.and({ project_name: "string", settings: CrisisSettingsSchema });
export const IncidentPageSchema = type({ data: IncidentSchema.array(), total: "number", page: "number", limit: "number" });
/** Mentions per sentiment over the incident (a day either side) and the negative mentions the detector expected. */
export const SentimentDevelopmentSchema = TimeSeriesSchema.and({ baseline: "number[]" });
export const ChannelSentimentSchema = SentimentCountsSchema.and({ channel_id: "number", total_mention: "number" });

const solution = {
  id: "number",
  action: "string",
  done_by: "string",
  done_at: "Date",
  evaluation: type.enumerated(...INCIDENT_EVALUATIONS),
  notes: "string",
  created_at: "Date",
} as const;
export const IncidentSolutionSchema = type({ ...solution, recorded_by: "string" });
/** A solution as recorded (POST /api/incident/solution-evaluation/{id}). */
export const RecordedSolutionSchema = type({ ...solution, project_id: "number", incident_id: "number", user_id: "number" });
export const IncidentChangeSchema = type({
  id: "number",
  at: "Date",
  field: "string",
  old_value: "string | null",
  new_value: "string | null",
  user_id: type("number | null").describe("null: the detector"),
  user_name: "string | null",
});
export const AttachmentsChangedSchema = type({ changed: "number" });

export type Incident<Time = string> = AtTime<typeof IncidentSchema.infer, Time>;
export type IncidentDetail<Time = string> = AtTime<typeof IncidentDetailSchema.infer, Time>;
export type IncidentSolution<Time = string> = AtTime<typeof IncidentSolutionSchema.infer, Time>;
export type IncidentChange<Time = string> = AtTime<typeof IncidentChangeSchema.infer, Time>;
export type IncidentEvaluation = (typeof INCIDENT_EVALUATIONS)[number];
export type CrisisSettings = typeof CrisisSettingsSchema.infer;
export type SentimentDevelopment = typeof SentimentDevelopmentSchema.infer;
export type ChannelSentiment = typeof ChannelSentimentSchema.infer;
