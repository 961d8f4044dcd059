/** Vietnam keeps one time zone, UTC+7, without daylight saving: every day, hour and period in the product is Vietnam's. */
export const TIME_ZONE = "Asia/Ho_Chi_Minh";
export const VIETNAM_OFFSET_MS = 7 * 3_600_000;
/** The same offset as ISO 8601 writes it. */
export const VIETNAM_OFFSET = "+07:00";

const DAY_MS = 86_400_000;
/** Midnight (Vietnam time) of the day holding the instant `ms`, as an instant in milliseconds. */
export const vietnamMidnight = (ms: number): number => Math.floor((ms + VIETNAM_OFFSET_MS) / DAY_MS) * DAY_MS - VIETNAM_OFFSET_MS;
