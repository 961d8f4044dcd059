import { expect, test } from "vitest";
import { createRepeatDetector, fingerprint } from "./repeat-detector.ts";

test("near-identical texts share a fingerprint", () => {
  const base = fingerprint("Chương trình ưu đãi cực lớn tuần 12, liên hệ 0912345678 😍");
  expect(base).toBe("chuong trinh uu dai cuc lon tuan lien he");
  for (const copy of [
    "CHƯƠNG TRÌNH ưu đãi cực lớn tuần 13!!! Liên hệ 0987 654 321",
    "chuong trinh uu dai cuc lon tuan 14 - lien he 0900000000 🔥🔥",
    "Chương trình ưu đãi cực lớn tuần 12, liên hệ 0912345678 @an @binh",
  ]) {
    expect(fingerprint(copy)).toBe(base);
  }
  expect(fingerprint("Chương trình ưu đãi cực nhỏ tuần 12")).not.toBe(base);
});

test("counts each text with the copies seen before it", () => {
  const detector = createRepeatDetector();
  expect(detector.seen("Mua 1 tặng 1 hôm nay")).toBe(1);
  expect(detector.seen("mua 2 tang 2 hom nay!")).toBe(2);
  expect(detector.seen("Một bài viết khác hẳn")).toBe(1);
  expect(detector.seen("MUA 1 TẶNG 1 HÔM NAY")).toBe(3);
});

test("forgets the least recently seen texts beyond its capacity", () => {
  const detector = createRepeatDetector({ capacity: 2 });
  detector.seen("bài một");
  detector.seen("bài hai");
  detector.seen("bài một"); // now the most recent
  detector.seen("bài ba"); // evicts "bài hai"
  expect(detector.seen("bài một")).toBe(3);
  expect(detector.seen("bài hai")).toBe(1);
});
