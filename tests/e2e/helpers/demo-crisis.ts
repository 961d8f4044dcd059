import { VIETNAM_OFFSET_MS } from "../../../src/shared/time-zone.ts";

/** Vietnam's calendar day `days` before now. */
const dayBefore = (days: number) => new Date(Date.now() + VIETNAM_OFFSET_MS - days * 86_400_000).toISOString().slice(0, 10);

/** The demo's crisis days (it starts 12 days before the seed and lasts two) as the dashboard's date filter. */
export const DEMO_CRISIS_DAYS = `start_date=${dayBefore(12)}&end_date=${dayBefore(10)}`;
