import { afterEach, expect, test, vi } from "vitest";
import { api } from "../client/api.ts";
import { $exporting, $exportWarning, runExport } from "./export.ts";

afterEach(() => {
  vi.restoreAllMocks();
  $exportWarning.set(false);
});

test("one export at a time: a second request raises the warning and downloads nothing", async () => {
  let finish: (file: { blob: Blob; filename: string }) => void = () => undefined;
  const call = vi.spyOn(api, "exportMentions").mockImplementation(() => new Promise((resolve) => (finish = resolve)));

  const first = runExport({ range: "today" });
  expect($exporting.get()).toBe(true);
  expect(await runExport({ range: "today" })).toBeNull();
  expect($exportWarning.get()).toBe(true);
  expect(call).toHaveBeenCalledTimes(1);

  const file = { blob: new Blob(["x"]), filename: "nghe.xlsx" };
  finish(file);
  expect(await first).toBe(file);
  expect($exporting.get()).toBe(false);
});

test("a failed export frees the flag for the next try", async () => {
  vi.spyOn(api, "exportMentions").mockRejectedValue(new Error("offline"));
  await expect(runExport({ range: "today" })).rejects.toThrow("offline");
  expect($exporting.get()).toBe(false);
});
