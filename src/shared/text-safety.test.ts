import { expect, test } from "vitest";
import { badTextReason, findBadText } from "./text-safety.ts";

test("Vietnamese text, emoji, tabs and line breaks are safe; NUL, other C0 controls and lone surrogates are not", () => {
  expect(badTextReason("Cà phê Trung Nguyên ☕🔥\tthơm\r\nđậm vị")).toBeNull();
  expect(badTextReason("Trung\u0000Nguyên")).toBe("nul");
  expect(badTextReason("chuông\u0007")).toBe("control_character");
  expect(badTextReason("\u001B[31mđỏ")).toBe("control_character");
  expect(badTextReason("nửa emoji \uD83D")).toBe("lone_surrogate");
  expect(badTextReason("\uDE00 đứng một mình")).toBe("lone_surrogate");
});

test("findBadText names the first bad string of a JSON value by its path, keys included", () => {
  expect(findBadText({ name: "Sữa Mộc Lan", keywords: ["sữa", "Mộc Lan"] })).toBeNull();
  expect(findBadText({ name: "ok", keywords: ["sữa", "Mộc\u0000Lan"] })).toEqual({ path: "keywords.1", reason: "nul" });
  expect(findBadText({ project: { "tên\u0001": 1 } })).toEqual({ path: "project.tên\u0001", reason: "control_character" });
  expect(findBadText("\uD800")).toEqual({ path: "", reason: "lone_surrogate" });
  let deep: unknown = "\u0000";
  for (let i = 0; i < 100_000; i += 1) deep = [deep];
  expect(findBadText(deep)?.reason).toBe("nul");
});
