import { expect, test } from "vitest";
import { baselineAt, combineScores, type HourScore } from "./spike-detector.ts";

const WEEK = 168;

test("the baseline is the median of the same hour of past weeks, and a young project's empty weeks are not samples", () => {
  // Eight weeks of hours; the project's data begins in week 5, with 12 mentions every hour.
  const series = Array.from({ length: 8 * WEEK + 10 }, (_, i) => (i >= 5 * WEEK ? 12 : 0));
  const now = 8 * WEEK + 5;
  expect(baselineAt(series, now)).toEqual({ expected: 0, spread: 1 });
  expect(baselineAt(series, now, 5 * WEEK)).toEqual({ expected: 12, spread: Math.sqrt(12) });
  // Under two weeks of the project's data, the hour is not judged.
  expect(baselineAt(series, now, 7 * WEEK)).toBeNull();
});

test("a volume surge counts only while the negative mentions are raised too and reach the minimum volume", () => {
  const score = (over: Partial<HourScore>): HourScore => ({ count: 12, expected: 3, z: 4, anomalous: false, calm: false, ...over });
  const settings = { sensitivity: "medium" as const, minVolume: 10 };
  const surge = score({ count: 80, expected: 9, z: 20, anomalous: true });
  expect(combineScores(score({}), surge, settings)).toMatchObject({ anomalous: true, count: 12, calm: false });
  expect(combineScores(score({ z: 1, calm: true }), surge, settings).anomalous).toBe(false);
  expect(combineScores(score({ count: 6 }), surge, settings).anomalous).toBe(false);
  expect(combineScores(score({}), score({ anomalous: false, calm: true }), settings).anomalous).toBe(false);
  // Back to normal only when both series are.
  expect(combineScores(score({ calm: true, z: 1 }), surge, settings).calm).toBe(false);
  expect(combineScores(score({ anomalous: true }), null, settings).anomalous).toBe(true);
});
