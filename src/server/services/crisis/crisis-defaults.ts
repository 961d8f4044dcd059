import type { Sensitivity } from "./spike-detector.ts";

/** A project's detection settings until its owner changes them. */
export const DEFAULT_CRISIS_SETTINGS: {
  sensitivity: Sensitivity;
  /** Negative mentions an hour (or in three hours) below which nothing is a crisis, whatever the ratio. */
  minVolume: number;
  /** Hours after an incident's last anomaly during which a new spike reopens it, and between two alerts of one incident. */
  cooldownHours: number;
  /** Calm hours in a row that close an incident. */
  resolveHours: number;
} = { sensitivity: "medium", minVolume: 10, cooldownHours: 12, resolveHours: 6 };
