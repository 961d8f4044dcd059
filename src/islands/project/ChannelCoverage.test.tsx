// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { I18nIsland } from "../../i18n/react.tsx";
import { CHANNELS } from "../../shared/channels.ts";
import { ChannelCoverage } from "./ChannelCoverage.tsx";

afterEach(cleanup);

const show = (lang: "vi" | "en") =>
  render(
    <I18nIsland lang={lang}>
      <ChannelCoverage />
    </I18nIsland>,
  );

test("every spec channel is named with how it reaches Nghe, and a channel without an API says so", () => {
  show("vi");
  for (const { slug } of CHANNELS) expect(screen.getByTestId(`coverage-${slug}`).textContent).not.toBe("");
  expect(screen.getByTestId("coverage-zalo-group").textContent).toContain("Qua đối tác");
  expect(screen.getByTestId("coverage-zalo-group").textContent).toContain("Zalo không có API cho nhóm");
  expect(screen.getByTestId("coverage-news").textContent).toContain("Tự động");
});

test("in English the TikTok line says search across TikTok is not offered", () => {
  show("en");
  expect(screen.getByTestId("coverage-tiktok").textContent).toContain("Through a connection");
  expect(screen.getByTestId("coverage-tiktok").textContent).toContain("does not let commercial apps search all of TikTok");
});
