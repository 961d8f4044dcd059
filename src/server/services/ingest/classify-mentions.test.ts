import { describe, expect, it } from "vitest";
import { buildMatcher } from "../../nlp/match.ts";
import { classifyMentions, type DocumentForSentiment } from "./classify-mentions.ts";
import type { SentimentReader } from "../../nlp/sentiment/reader.ts";
import type { ReadingContext } from "../../nlp/sentiment/reading-context.ts";

/** A reader by rule that records what it read: "thu hồi" negative, "hài lòng" positive, else neutral. */
function recordingClassifier(version = "base") {
  const read: string[] = [];
  const contexts: (ReadingContext | undefined)[] = [];
  const classify: SentimentReader = Object.assign(
    (text: string, context?: ReadingContext) => {
      read.push(text);
      contexts.push(context);
      const label = text.includes("thu hồi") ? 2 : text.includes("hài lòng") ? 1 : 0;
      return { label: label as 0 | 1 | 2, scores: [0, 0, 0] as [number, number, number] };
    },
    { version },
  );
  return { classify, read, contexts };
}

function documentFor(
  projects: Record<number, string[]>,
  text: string,
  reading: DocumentForSentiment["reading"],
  context: ReadingContext = {},
): DocumentForSentiment {
  const matcher = buildMatcher(Object.entries(projects).map(([id, keywords]) => ({ projectId: id, keywords })));
  const spans = matcher.match(text).map((m) => ({ owner: Number(m.projectId), start: m.start, end: m.end }));
  return { text, titleEnd: 0, spans, reading, context };
}

describe("classifyMentions", () => {
  const comparison = "Sữa Mộc Lan bị thu hồi vì nhiễm khuẩn, nhiều phụ huynh chuyển sang NutriViệt và rất hài lòng";

  it("reads each project's windows, each distinct text once", () => {
    const { classify, read } = recordingClassifier();
    // Projects 1 and 2 (two accounts) watch the same brand, project 3 its competitor.
    const document = documentFor({ 1: ["Mộc Lan"], 2: ["Sữa Mộc Lan"], 3: ["NutriViệt"] }, comparison, {
      version: classify.version,
      label: 2,
    });
    const labels = classifyMentions(document, [1, 2, 3], () => classify);
    expect(Object.fromEntries(labels)).toEqual({ 1: 2, 2: 2, 3: 1 });
    expect(read).toEqual(["Sữa Mộc Lan bị thu hồi vì nhiễm khuẩn", "nhiều phụ huynh chuyển sang NutriViệt và rất hài lòng"]);
  });

  it("reuses the document's reading when a project's window is the whole text, read by the same classifier", () => {
    const { classify, read } = recordingClassifier();
    const document = documentFor({ 1: ["Mộc Lan"] }, "Sữa Mộc Lan thơm ngon, con rất hài lòng", { version: classify.version, label: 1 });
    expect(classifyMentions(document, [1], () => classify).get(1)).toBe(1);
    expect(read).toEqual([]);
  });

  it("reads with the classifier given for each project", () => {
    const base = recordingClassifier();
    const own = recordingClassifier("base+account-3");
    const document = documentFor({ 1: ["Mộc Lan"], 3: ["NutriViệt"] }, comparison, { version: base.classify.version, label: 2 });
    classifyMentions(document, [1, 3], (projectId) => (projectId === 3 ? own.classify : base.classify));
    expect(base.read).toEqual(["Sữa Mộc Lan bị thu hồi vì nhiễm khuẩn"]);
    expect(own.read).toEqual(["nhiều phụ huynh chuyển sang NutriViệt và rất hài lòng"]);
  });

  it("reads every window with the document's channel, kind and stars", () => {
    const { classify, contexts } = recordingClassifier();
    const review: ReadingContext = { channel: 10, kind: "review", rating: 1 };
    const document = documentFor({ 1: ["Mộc Lan"], 3: ["NutriViệt"] }, comparison, { version: classify.version, label: 2 }, review);
    classifyMentions(document, [1, 3], () => classify);
    expect(contexts).toEqual([review, review]);
  });
});
