import { expect, test } from "vitest";
import { fromLocalInput, nowLocalInput } from "./format-time.ts";

test("a datetime-local value is read in Vietnam time, and one naming no instant is left for the API to refuse", () => {
  expect(fromLocalInput("2026-11-20T09:30")).toBe("2026-11-20T02:30:00.000Z");
  expect(fromLocalInput("")).toBe("");
  expect(fromLocalInput("2026-13-40T25:00")).toBe("");
  expect(fromLocalInput(nowLocalInput())).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
});
