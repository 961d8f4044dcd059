import { expect, test } from "vitest";
import { storyHeadline, type StoryText } from "./story-headline.ts";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 2, minute));
const post = (content: string, copies: number, minute: number, title: string | null = null): StoryText => ({
  title,
  content,
  copies,
  first: at(minute),
});
const NEWS = "Phát hiện dị vật trong hộp sữa tươi Sữa Mộc Lan tại Cần Thơ";

test("a story is titled by the headline most copies carry, never by a repost's added line or the newest copy", () => {
  expect(
    storyHeadline([
      post(`${NEWS}, phụ huynh hoang mang 😡`, 9, 1),
      post(`${NEWS}, phụ huynh hoang mang #suatuoi`, 8, 2),
      post(`Các mẹ có con nhỏ đọc ngay, nhà mình vừa mua hôm qua. ${NEWS}, phụ huynh hoang mang`, 12, 30),
      post(`${NEWS}, phụ huynh hoang mang`, 4, 3),
    ]),
  ).toBe(`${NEWS}, phụ huynh hoang mang`);
});

test("news titles come first; a long text is cut at its first sentence or at 140 characters", () => {
  expect(storyHeadline([post("Các mẹ có con nhỏ đọc ngay. Dài dòng", 50, 0), post("…", 2, 5, NEWS)])).toBe(NEWS);
  expect(storyHeadline([post("Sữa có mùi lạ. Mọi người cẩn thận nhé! Chia sẻ giúp mình", 1, 0)])).toBe("Sữa có mùi lạ.");
  expect(storyHeadline([post("…", 1, 0, "Tẩy chay Mộc Lan! Không thể chấp nhận")])).toBe("Tẩy chay Mộc Lan! Không thể chấp nhận");
  const long = storyHeadline([post("chữ ".repeat(60), 1, 0)])!;
  expect(long.length).toBeLessThanOrEqual(140);
  expect(long.endsWith("…")).toBe(true);
  expect(storyHeadline([post("😡 #tẩychay", 3, 0)])).toBeNull();
});
