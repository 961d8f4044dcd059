// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import type { User } from "../../client/types.ts";
import { I18nIsland } from "../../i18n/react.tsx";
import { $user } from "../../client/session.ts";
import { AiFilterNote } from "./AiFilterNote.tsx";

afterEach(cleanup);

const user = (account_type: User["account_type"]) => ({
  id: 1,
  username: "binh",
  full_name: "Bình",
  phone: "",
  company: "",
  email: "",
  avatar_url: null,
  account_type,
  is_waiting_for_upgrade: false,
  channels: [],
});

test("trial accounts are told that AI filters hide spam and ads; contracted accounts are not", () => {
  $user.set(user(0));
  const { rerender } = render(
    <I18nIsland lang="vi">
      <AiFilterNote />
    </I18nIsland>,
  );
  expect(screen.getByTestId("ai-filter-note").textContent).toMatch(/^Bộ lọc AI đang ẩn tin rác, quảng cáo/);

  $user.set(user(1));
  rerender(
    <I18nIsland lang="vi">
      <AiFilterNote />
    </I18nIsland>,
  );
  expect(screen.queryByTestId("ai-filter-note")).toBeNull();
});
