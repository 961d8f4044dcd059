import { expect, test } from "vitest";
import { describeChange } from "./change.ts";

test("changes read as an arrow direction and an unsigned percentage", () => {
  expect(describeChange(12.5)).toEqual({ direction: "up", text: "12.5%" });
  expect(describeChange(-1250)).toEqual({ direction: "down", text: "1,250%" });
  expect(describeChange(0)).toEqual({ direction: "flat", text: "0%" });
  expect(describeChange(null)).toEqual({ direction: "none", text: "–" });
});
