import { describe, expect, it } from "vitest";
import { extractHashtags } from "./hashtags";

describe("extractHashtags", () => {
  it("finds Vietnamese hashtags without '#', deduplicated case-insensitively in first-seen order", () => {
    expect(extractHashtags("Uống #Vinamilk mỗi ngày #VươnCaoViệtNam", null, "#vinamilk #sữa_tươi")).toEqual([
      "Vinamilk",
      "VươnCaoViệtNam",
      "sữa_tươi",
    ]);
  });

  it("ignores numbers, URL fragments, entities and '#' inside words", () => {
    expect(extractHashtags("Top #1 https://vnexpress.net/a#comments &#7897; C#sharp")).toEqual([]);
  });
});
