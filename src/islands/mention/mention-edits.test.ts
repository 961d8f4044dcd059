import { expect, test } from "vitest";
import type { Mention, MentionPage } from "../../client/types.ts";
import { applyChanges, applyStates, idsByProject, restoreMentions } from "./mention-edits.ts";

const mention = (id: number, project_id = 7): Mention =>
  ({ id, project_id, sentiment: 0, sentiment_source: "model", status: 0, sub_brand_id: null, service_id: null }) as Mention;
const page: MentionPage = { data: [mention(1), mention(2), mention(3, 8)], total: 3, page: 1, per_page: 20 };

test("a sentiment edit is manual and marks the mention updated, as the server does", () => {
  const edited = applyChanges(page, [page.data[1]], { sentiment: 2 });
  expect(edited.data[1]).toMatchObject({ sentiment: 2, sentiment_source: "manual", status: 3 });
  expect(edited.data[0]).toBe(page.data[0]);
  expect(applyChanges(page, [page.data[0], page.data[2]], { sentiment: 1, status: 2 }).data.map((m) => [m.sentiment, m.status])).toEqual([
    [1, 2],
    [0, 0],
    [1, 2],
  ]);
  expect(applyChanges(page, [page.data[0]], { status: 1 }).data[0]).toMatchObject({ status: 1, sentiment_source: "model" });
});

test("a failed edit rolls back to the originals", () => {
  const edited = applyChanges(page, page.data.slice(0, 2), { sentiment: 2 });
  expect(restoreMentions(edited, [page.data[0], page.data[1]])).toEqual(page);
});

test("only the given project's mention changes when a document is a mention of two projects", () => {
  const shared: MentionPage = { ...page, data: [mention(5, 7), mention(5, 8)] };
  expect(applyChanges(shared, [shared.data[1]], { sentiment: 1 }).data.map((m) => m.sentiment)).toEqual([0, 1]);
});

test("ids are grouped by project for the update calls", () => {
  expect([...idsByProject(page.data)]).toEqual([
    [7, [1, 2]],
    [8, [3]],
  ]);
});

test("the server's answer has the last word: a sentiment set back to the system's reading shows its earlier status again", () => {
  const edited = applyChanges(page, [page.data[0]], { sentiment: 0 });
  expect(edited.data[0]).toMatchObject({ sentiment_source: "manual", status: 3 });
  const answered = applyStates(edited, 7, [{ id: 1, sentiment: 0, sentiment_source: "model", status: 0 }]);
  expect(answered.data[0]).toMatchObject({ sentiment: 0, sentiment_source: "model", status: 0 });
  expect(answered.data[2]).toBe(edited.data[2]);
});
