import { expect, test } from "vitest";
import { oneAtATime } from "./one-at-a-time.ts";

test("tasks with the same key run one after another, other keys are not held up, and a failure does not block the queue", async () => {
  const log: string[] = [];
  let releaseFirst!: () => void;
  const first = oneAtATime("10.0.0.1|an", async () => {
    log.push("a1 start");
    await new Promise<void>((resolve) => (releaseFirst = resolve));
    log.push("a1 end");
    throw new Error("sai mật khẩu");
  });
  const second = oneAtATime("10.0.0.1|an", async () => log.push("a2"));
  await oneAtATime("10.0.0.2|an", async () => log.push("b"));
  expect(log).toEqual(["a1 start", "b"]);
  releaseFirst();
  await expect(first).rejects.toThrow("sai mật khẩu");
  await second;
  expect(log).toEqual(["a1 start", "b", "a1 end", "a2"]);
});
