import type { INCIDENT_EVALUATIONS, INCIDENT_REVIEWS } from "../shared/schemas/incident.ts";
import type { CRISIS_SENSITIVITIES } from "../shared/schemas/incident.ts";
import type { SentimentCounts, TimeSeries } from "../shared/api-types.ts";

/** The answers of /api/incident/* (src/server/services/crisis/incident-view.ts and its neighbours), as JSON makes them. */
type IncidentStatus = 0 | 1;
export type IncidentEvaluation = (typeof INCIDENT_EVALUATIONS)[number];
export type IncidentDrivers = {
  stories?: { id: number; mentions: number; title: string }[];
  sources?: { name: string; mentions: number }[];
  channels?: { id: number; mentions: number }[];
  terms?: string[];
};

export type Incident = {
  id: number;
  project_id: number;
  title: string;
  description: string;
  start_date: string;
  /** Empty while the incident is ongoing. */
  end_date: string | null;
  status: IncidentStatus;
  severity: 1 | 2 | 3;
  origin: "detected" | "user";
  review: "pending" | (typeof INCIDENT_REVIEWS)[number];
  merged_into_id: number | null;
  peak_count: number;
  baseline_count: number;
  peak_z: number;
  drivers: IncidentDrivers;
  story_id: number | null;
  last_alert_at: string | null;
  total_mention: number;
};

export type CrisisSettings = {
  sensitivity: (typeof CRISIS_SENSITIVITIES)[number];
  minVolume: number;
  cooldownHours: number;
  resolveHours: number;
  enabled: boolean;
};

export type IncidentDetail = Incident & { project_name: string; settings: CrisisSettings };
export type IncidentPage = { data: Incident[]; total: number; page: number; limit: number };
/** Mentions per sentiment over the incident (a day either side) and the negative mentions the detector expected. */
export type SentimentDevelopment = TimeSeries & { baseline: number[] };
export type ChannelSentiment = SentimentCounts & { channel_id: number; total_mention: number };
export type IncidentSolution = {
  id: number;
  action: string;
  done_by: string;
  done_at: string;
  evaluation: IncidentEvaluation;
  notes: string;
  created_at: string;
  recorded_by: string;
};
export type IncidentSolutionInput = Pick<IncidentSolution, "action" | "done_by" | "done_at" | "evaluation" | "notes">;
export type IncidentChange = {
  id: number;
  at: string;
  field: string;
  old_value: string | null;
  new_value: string | null;
  /** null: the detector. */
  user_id: number | null;
  user_name: string | null;
};
export type IncidentUpdate = {
  id: number;
  title?: string;
  description?: string;
  status?: IncidentStatus;
  severity?: Incident["severity"];
  review?: "confirmed" | "dismissed";
};
/** An incident opened by hand; times as ISO strings, no end while it goes on. */
export type IncidentCreate = {
  project_id: number;
  title: string;
  description: string;
  started_at: string;
  ended_at: string | null;
  severity: Incident["severity"];
};
export type CrisisSettingsInput = {
  project_id: number;
  sensitivity: CrisisSettings["sensitivity"];
  min_volume: number;
  cooldown_hours: number;
  resolve_hours: number;
  enabled: boolean;
};
