// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import type { Connection } from "../../client/types.ts";
import { I18nIsland } from "../../i18n/react.tsx";
import { ConnectionStateNote } from "./ConnectionStateNote.tsx";

afterEach(cleanup);

const connection = (over: Partial<Connection>): Connection => ({
  id: 4,
  provider: "meta",
  external_user_name: "Nguyễn Văn An",
  state: "connected",
  expires_at: null,
  failing_since: null,
  paused_until: null,
  reason: null,
  created_at: "2026-11-20T03:00:00.000Z",
  sources: [],
  ...over,
});

const note = (over: Partial<Connection>, lang: "vi" | "en" = "vi") => {
  render(
    <I18nIsland lang={lang}>
      <ConnectionStateNote connection={connection(over)} projectId={12} />
    </I18nIsland>,
  );
  return screen.getByTestId("connection-state-note").textContent;
};

test("a pause names the company that limits reading, and promises arriving comments only where the provider pushes them", () => {
  const until = { state: "paused" as const, paused_until: "2026-11-27T02:00:00.000Z" };
  const meta = note({ ...until, provider: "meta" });
  expect(meta).toContain("Meta đang tạm giới hạn số lượt đọc dữ liệu. Nghe sẽ tự đọc tiếp sau 2026-11-27 09:00:00");
  expect(meta).toContain("Bình luận mới vẫn về ngay trong lúc này.");
  cleanup();
  const x = note({ ...until, provider: "x" }, "en");
  expect(x).toContain("X is limiting how much Nghe may read for now.");
  expect(x).not.toContain("still arrive");
});

test("a refusal quotes the provider's own company with its reason", () => {
  const failing = note({
    provider: "google",
    state: "failing",
    failing_since: "2026-11-27T01:30:00.000Z",
    reason: "Token has been expired or revoked.",
  });
  expect(failing).toContain("Google cho biết: “Token has been expired or revoked”.");
});
