import { useStore } from "@nanostores/react";
import type { QueryParams } from "../../client/api.ts";
import { AUDIENCE_TIME_PRESETS } from "../../shared/filters.ts";
import { $filters } from "../../stores/filters.ts";
import { useDashboardData, type DashboardData } from "../kit/use-dashboard-data.ts";

export type AudiencePeriod = (typeof AUDIENCE_TIME_PRESETS)[number];

/** The audience offers this month and last month only (spec §2); any other period in the address means this month. */
export function useAudiencePeriod(): AudiencePeriod {
  const { type_time } = useStore($filters);
  return AUDIENCE_TIME_PRESETS.includes(type_time as AudiencePeriod) ? (type_time as AudiencePeriod) : "this-month";
}

/** One audience widget's data for the current channels and period. */
export function useAudienceData<T>(load: (params: QueryParams) => Promise<T>, extra: QueryParams = {}): DashboardData<T> {
  return useDashboardData(load, { ...extra, type_time: useAudiencePeriod() });
}
