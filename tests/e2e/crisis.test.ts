import { readFileSync } from "node:fs";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import XLSX from "xlsx";
import { createAccount } from "./helpers/accounts.ts";
import { numberIn, screenshot, skipUpgradeSuggestion, useServerAndBrowser, VIEWPORTS } from "./helpers/browser.ts";

// The demo's own size: its crisis days then hold enough negative mentions an hour for the default minimum volume.
const suite = useServerAndBrowser({ SEED_DEMO: "auto" });
let token: string;
let incident: { id: number; title: string; project_id: number; start_date: string; end_date: string | null };

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 60_000 });
const ready = (locator: Locator) => poll(() => locator.getAttribute("data-state")).toBe("ready");

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${suite.server.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: T }).data;
}

beforeAll(async () => {
  const password = /Demo account ready — username: demo\s+password: (\S+)/.exec(suite.server.output())![1];
  const res = await fetch(`${suite.server.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "demo", password }),
  });
  token = ((await res.json()) as { data: { access_token: string } }).data.access_token;
  // Detection runs once the server is up, after the demo is seeded (expect.poll is for tests, not hooks).
  for (let tries = 0; tries < 600 && !incident; tries += 1) {
    incident = (await api<{ data: (typeof incident)[] }>("/incident/index")).data[0];
    if (!incident) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!incident) throw new Error("the demo's crisis was not detected");
}, 120_000);

async function withPage(viewport: keyof typeof VIEWPORTS, path: string, run: (page: Page, context: BrowserContext) => Promise<void>) {
  const context = await suite.browser.newContext({ viewport: VIEWPORTS[viewport], acceptDownloads: true });
  await skipUpgradeSuggestion(context);
  await context.addCookies([{ name: "accessToken", value: token, url: suite.server.url }]);
  try {
    const page = await context.newPage();
    await page.goto(`${suite.server.url}${path}`);
    await run(page, context);
  } finally {
    await context.close();
  }
}

const OVERVIEW_WIDGETS = [
  "development",
  "incident-sentiment",
  "channel-sentiment",
  "incident-words",
  "negative",
  "newest",
  "trending",
  "hot-topics",
  "hot-pages",
];

async function waitForOverview(page: Page) {
  await ready(page.getByTestId("crisis-detail-screen"));
  await ready(page.getByTestId("widget-stats"));
  for (const widget of OVERVIEW_WIDGETS) await ready(page.getByTestId(`widget-${widget}`));
}

async function waitForRelated(page: Page) {
  await ready(page.getByTestId("crisis-relate-screen"));
  await ready(page.getByTestId("related-mentions"));
  await ready(page.getByTestId("solution-panel"));
  await ready(page.getByTestId("history-timeline"));
}

test("the demo brand's crisis week is a detected incident about fresh milk, and the only one of the 90 days", async () => {
  const all = await api<{ total: number; data: { origin: string; title: string; start_date: string }[] }>("/incident/index?limit=100");
  expect(all.total).toBe(1);
  expect(all.data[0].origin).toBe("detected");
  expect(all.data[0].title.toLowerCase()).toContain("sữa tươi");
});

test("open the demo incident from the list, read its overview, attach a mention, evaluate the solution, see it in the history, export it", async () => {
  await withPage("desktop", "/crisis-management", async (page) => {
    await ready(page.getByTestId("incident-list"));
    const row = page.locator(`[data-testid="incident-row"][data-id="${incident.id}"]`);
    expect(await row.getByTestId("incident-link").textContent()).toBe(incident.title);
    const listed = await numberIn(row.locator("td").last());
    expect(listed).toBeGreaterThan(0);
    await row.getByTestId("incident-link").click();

    await page.waitForURL(`**/crisis-management/${incident.id}`);
    await waitForOverview(page);
    expect(await page.getByTestId("incident-title").textContent()).toBe(incident.title);
    // The spike shows against its baseline: the chart's legend names both, and negatives outnumber the usual level.
    const legend = page.getByTestId("widget-development");
    await expect.poll(() => legend.textContent()).toContain("Mức tiêu cực thường ngày");
    // One crisis, one size: the list's count, the tiles, the note naming the set, the chart's sentiments, the tab.
    const tiles = await numberIn(page.locator('[data-counter="total_mention"] [data-testid="counter-value"]'));
    expect(tiles).toBe(listed);
    expect(await numberIn(page.getByTestId("incident-scope"))).toBe(tiles);
    const sentimentTotals = page.locator('[data-testid="widget-development"] [data-testid="chart-legend-item"]:not([data-reference])');
    expect(await sentimentTotals.count()).toBe(3);
    const chartTotal = (await sentimentTotals.getByTestId("chart-legend-value").allTextContents()).map((v) =>
      Number(v.replace(/[^\d]/g, "")),
    );
    expect(chartTotal.reduce((a, b) => a + b, 0)).toBe(tiles);
    expect(await numberIn(page.getByTestId("tab-related"))).toBe(tiles);
    expect(await page.getByTestId("hot-topic").count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="widget-negative"] [data-sentiment]').first().getAttribute("data-sentiment")).toBe("2");
    expect(await page.locator('[data-testid="word-cloud"] li').count()).toBeGreaterThan(3);

    await page.getByTestId("tab-related").click();
    await page.waitForURL(`**/crisis-management/${incident.id}/relate`);
    await waitForRelated(page);
    const attachedBefore = await numberIn(page.getByTestId("related-total"));
    expect(attachedBefore).toBe(tiles);

    // Search among the attached mentions.
    const searched = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/incident/mentions" && new URL(r.url()).searchParams.get("search") === "sữa tươi",
    );
    await page.getByTestId("related-search").fill("sữa tươi");
    await searched;
    await ready(page.getByTestId("related-mentions"));
    expect(await numberIn(page.getByTestId("related-total"))).toBeGreaterThan(0);

    // Attach a positive mention of the incident's days: the detector attaches negative ones only.
    await page.getByRole("tab", { name: "Tìm thêm để gắn" }).click();
    await page.locator("#related-sentiment").click();
    await page.getByRole("option", { name: "Tích cực", exact: true }).click();
    await ready(page.getByTestId("related-mentions"));
    const candidate = page.locator('[data-testid="candidate-list"] [data-testid="picker-mention"]').first();
    const candidateId = await candidate.getAttribute("data-id");
    await candidate.getByRole("checkbox").check();
    await page.getByTestId("attach-selected").click();
    await poll(() => numberIn(page.getByTestId("tab-related"))).toBe(attachedBefore + 1);
    const attached = await api<{ data: { id: number }[] }>(`/incident/mentions?id=${incident.id}&sentiment_ids=1`);
    expect(attached.data.map((m) => String(m.id))).toContain(candidateId);

    // Evaluate a solution; it shows in the list and in the history, next to the attachment.
    const form = page.getByTestId("solution-form");
    await form.locator('input[name="action"]').fill("Gỡ bài đăng sai sự thật và gửi thông cáo báo chí về lô sữa tươi tại Cần Thơ");
    await form.locator('input[name="done_by"]').fill("Phòng truyền thông");
    await form.getByLabel("Hiệu quả một phần").check();
    await form.locator('textarea[name="notes"]').fill("Lượng chia sẻ giảm sau 6 giờ, vẫn còn bình luận tiêu cực trong các nhóm mẹ bỉm.");
    await page.getByTestId("solution-submit").click();
    await poll(() => page.getByTestId("solution-item").count()).toBe(1);
    expect(await page.getByTestId("solution-item").textContent()).toContain("Phòng truyền thông");
    const solutionChange = page.locator('[data-testid="history-item"][data-field="solution"]');
    await poll(() => solutionChange.count()).toBe(1);
    expect(await solutionChange.textContent()).toContain("Hiệu quả một phần: Gỡ bài đăng sai sự thật");
    expect(await page.locator('[data-testid="history-item"][data-field="mentions_attached"]').count()).toBe(1);
    // The detector's own entry opens the history.
    expect(await page.getByTestId("history-item").last().textContent()).toContain("Hệ thống tự động phát hiện");

    const download = page.waitForEvent("download");
    await page.getByTestId("incident-export").click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    // The file holds the same set, one more since the attachment: its rows, its summary and the incident's sheet.
    const book = XLSX.read(readFileSync((await file.path())!), { type: "buffer" });
    const sheet = (name: string) => XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets[name], { header: 1 });
    const field = (name: string, label: string) => sheet(name).find((r) => r[0] === label)?.[1];
    expect(sheet("Đề cập").length - 1).toBe(attachedBefore + 1);
    expect(field("Tổng quan", "Tổng đề cập")).toBe(attachedBefore + 1);
    expect(field("Sự cố", "Đề cập chi tiết")).toBe(attachedBefore + 1);
  });
});

test("a word of the crisis's cloud opens the crisis's mentions holding it, as many as its number", async () => {
  await withPage("desktop", `/crisis-management/${incident.id}`, async (page) => {
    const words = page.locator('[data-testid="widget-incident-words"] [data-testid="word-cloud"] li');
    await ready(page.getByTestId("widget-incident-words"));
    // The biggest word and the smallest, whose number a phrase of the cloud may hold apart from the word alone.
    for (const pick of [(all: Locator) => all.first(), (all: Locator) => all.last()]) {
      const word = pick(words);
      const count = Number(await word.getAttribute("data-count"));
      const term = (await word.textContent())!;
      expect(count).toBeGreaterThan(0);
      await word.locator("a").click();
      await page.waitForURL((url) => url.pathname === "/mention");
      const url = new URL(page.url());
      expect([url.searchParams.get("incident_id"), url.searchParams.get("search")]).toEqual([String(incident.id), term]);
      await ready(page.getByTestId("mention-list"));
      expect(await numberIn(page.getByTestId("mention-total"))).toBe(count);
      // The list counts the crisis's own window: the period filter says so rather than name a period that does not apply.
      expect(await page.locator("#filter-time").textContent()).toBe("Theo sự cố");
      await screenshot(page, "crisis-word-mentions-vi-desktop");
      await page.goBack();
      await ready(page.getByTestId("widget-incident-words"));
    }
  });
});

test("the list filters by status and period, and offers to clear filters that match nothing", async () => {
  await withPage("desktop", "/crisis-management?status=0", async (page) => {
    await ready(page.getByTestId("incident-list"));
    // The surge calmed days ago, but nobody has marked the crisis handled: still in progress, marked as calmed.
    expect(await page.getByTestId("incident-row").count()).toBe(1);
    expect(await page.getByTestId("incident-row").getByTestId("incident-calmed").textContent()).toBe("Đã lắng xuống");
    await page.locator("#incident-status-filter").click();
    await page.getByRole("option", { name: "Đã xử lý xong", exact: true }).click();
    await poll(() => page.getByTestId("incident-list").getAttribute("data-state")).toBe("empty");
    expect(page.url()).toContain("status=1");
    expect(await page.getByTestId("incident-empty").textContent()).toContain("Không có sự cố nào khớp bộ lọc");
    await page.locator("#incident-status-filter").click();
    await page.getByRole("option", { name: "Tất cả", exact: true }).click();
    await page.locator("#incident-period-filter").click();
    // The demo's crisis was twelve days ago.
    await page.getByRole("option", { name: "7 ngày qua", exact: true }).click();
    await poll(() => page.getByTestId("incident-list").getAttribute("data-state")).toBe("empty");
    await page.getByRole("button", { name: "Xóa bộ lọc" }).click();
    await ready(page.getByTestId("incident-list"));
  });
});

const CASES = [
  { lang: "vi", viewport: "desktop" },
  { lang: "vi", viewport: "mobile" },
  { lang: "en", viewport: "desktop" },
  { lang: "en", viewport: "mobile" },
] as const;

test.each(CASES)("every crisis screen in $lang at $viewport", async ({ lang, viewport }) => {
  const prefix = lang === "en" ? "/en" : "";
  await withPage(viewport, `${prefix}/crisis-management`, async (page) => {
    await ready(page.getByTestId("incident-list"));
    const items = page.getByTestId(viewport === "desktop" ? "incident-row" : "incident-card");
    await poll(() => items.count()).toBe(1);
    await screenshot(page, `crisis-list-${lang}-${viewport}`);

    await page.goto(`${suite.server.url}${prefix}/crisis-management/${incident.id}`);
    await waitForOverview(page);
    await screenshot(page, `crisis-detail-${lang}-${viewport}`);

    await page.goto(`${suite.server.url}${prefix}/crisis-management/${incident.id}/relate`);
    await waitForRelated(page);
    // Export is a desktop feature (spec §2).
    expect(await page.getByTestId("incident-export").count()).toBe(viewport === "desktop" ? 1 : 0);
    await screenshot(page, `crisis-relate-${lang}-${viewport}`);
  });
});

test("while an incident is open, every dashboard screen shows the banner that leads to it", async () => {
  await withPage("desktop", `/crisis-management/${incident.id}`, async (page) => {
    await ready(page.getByTestId("crisis-detail-screen"));
    if ((await page.getByTestId("incident-header").getAttribute("data-status")) === "1") {
      await page.getByTestId("incident-toggle-status").click();
      await poll(() => page.getByTestId("incident-header").getAttribute("data-status")).toBe("0");
    }
    // Not on the incident's own screen.
    expect(await page.getByTestId("incident-banner").count()).toBe(0);
    for (const path of ["/overview", "/mention", "/en/audience"]) {
      await page.goto(`${suite.server.url}${path}`);
      await poll(() => page.getByTestId("incident-banner").count()).toBe(1);
      expect(await page.getByTestId("incident-banner").textContent()).toContain(incident.title);
    }
    await screenshot(page, "crisis-banner-en-desktop");
    await page.getByTestId("incident-banner-link").click();
    await page.waitForURL(`**/en/crisis-management/${incident.id}`);
    await ready(page.getByTestId("crisis-detail-screen"));
    // Closed again, the banner goes.
    await page.getByTestId("incident-toggle-status").click();
    await poll(() => page.getByTestId("incident-header").getAttribute("data-status")).toBe("1");
    await page.goto(`${suite.server.url}/overview`);
    await ready(page.getByTestId("widget-stats"));
    expect(await page.getByTestId("incident-banner").count()).toBe(0);
  });
});

test("a brand without incidents is told what detection watches", async () => {
  const { token: newcomer } = await createAccount(suite.server.url, suite.dataDir);
  const created = await fetch(`${suite.server.url}/api/project`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${newcomer}` },
    body: JSON.stringify({ brand_id: 0, name: "Trà Xanh Tây Bắc", keywords: ["trà xanh tây bắc"], competitors: [] }),
  });
  expect(created.status).toBe(200);
  for (const [lang, viewport] of [
    ["vi", "desktop"],
    ["en", "mobile"],
  ] as const) {
    const context = await suite.browser.newContext({ viewport: VIEWPORTS[viewport] });
    await skipUpgradeSuggestion(context);
    await context.addCookies([{ name: "accessToken", value: newcomer, url: suite.server.url }]);
    const page = await context.newPage();
    await page.goto(`${suite.server.url}${lang === "en" ? "/en" : ""}/crisis-management`);
    await poll(() => page.getByTestId("incident-list").getAttribute("data-state")).toBe("empty");
    const explained = page.getByTestId("detection-explained");
    await poll(() => explained.textContent()).toContain(
      lang === "en" ? "at least 10 negative mentions in an hour" : "ít nhất 10 đề cập tiêu cực trong một giờ",
    );
    expect(await explained.textContent()).toContain("Trà Xanh Tây Bắc");
    await screenshot(page, `crisis-list-empty-${lang}-${viewport}`);
    await context.close();
  }
});

test("open an incident by hand, rename it, merge it into the demo's incident, dismiss and confirm that one, tune detection", async () => {
  await withPage("desktop", "/crisis-management", async (page) => {
    await ready(page.getByTestId("incident-list"));

    // Detection settings: the form checks its numbers, the API keeps what was saved.
    await page.getByTestId("detection-settings-open").click();
    const settings = page.getByTestId("detection-settings");
    const minVolume = settings.locator('input[name="min_volume"]');
    await minVolume.waitFor();
    expect(await minVolume.inputValue()).toBe("10");
    await settings.getByLabel("Cao", { exact: true }).check();
    await minVolume.fill("0");
    await page.getByTestId("detection-settings-submit").click();
    await poll(() => settings.getByTestId("field-error").count()).toBe(1);
    await minVolume.fill("25");
    await settings.locator('input[name="resolve_hours"]').fill("12");
    await page.getByTestId("detection-settings-submit").click();
    await poll(() => settings.isVisible()).toBe(false);
    expect(await api(`/incident/settings?project_id=${incident.project_id}`)).toMatchObject({
      sensitivity: "high",
      minVolume: 25,
      resolveHours: 12,
      enabled: true,
    });

    // An incident the detector did not see, opened by hand: a title is required.
    await page.getByTestId("incident-create-open").click();
    const create = page.getByTestId("incident-create");
    await create.locator('input[name="title"]').waitFor();
    await page.getByTestId("incident-create-submit").click();
    expect(await create.getByTestId("field-error").first().textContent()).toBe("Tiêu đề là bắt buộc");
    await create.locator('input[name="title"]').fill("Tin đồn sữa tươi hết hạn trong nhóm Zalo phụ huynh");
    await create.locator('textarea[name="description"]').fill("Tổng đài nhận 30 cuộc gọi hỏi về hạn sử dụng.");
    await create.getByLabel("Cao", { exact: true }).check();
    await create.locator('input[name="started_at"]').fill(incident.start_date.slice(0, 10) + "T08:30");
    await page.getByTestId("incident-create-submit").click();
    await page.waitForURL(/\/crisis-management\/\d+$/);
    const manualId = Number(new URL(page.url()).pathname.split("/").pop());
    await ready(page.getByTestId("crisis-detail-screen"));
    expect(await page.getByTestId("incident-title").textContent()).toBe("Tin đồn sữa tươi hết hạn trong nhóm Zalo phụ huynh");
    expect(await page.getByTestId("incident-header").textContent()).toContain("Tạo thủ công");
    expect(await page.getByTestId("incident-severity").textContent()).toBe("Cao");

    // Renamed: the header shows the new title, the history the old one.
    await page.getByTestId("incident-edit-open").click();
    const edit = page.getByTestId("incident-edit");
    await edit.locator('input[name="title"]').fill("Tin đồn sữa tươi hết hạn (Zalo)");
    await page.getByTestId("incident-edit-submit").click();
    await poll(() => page.getByTestId("incident-title").textContent()).toBe("Tin đồn sữa tươi hết hạn (Zalo)");
    const renamed = await api<{ field: string; old_value: string; new_value: string }[]>(`/incident/update-history/${manualId}`);
    expect(renamed.find((h) => h.field === "title")).toMatchObject({ old_value: "Tin đồn sữa tươi hết hạn trong nhóm Zalo phụ huynh" });

    // Merged into the demo's incident: the page moves there, and the merged one says where it went.
    await page.getByTestId("incident-merge-open").click();
    await ready(page.getByTestId("incident-merge-choices"));
    await page.getByTestId("merge-choice").filter({ hasText: incident.title }).getByRole("radio").check();
    await page.getByTestId("incident-merge-submit").click();
    await page.waitForURL(`**/crisis-management/${incident.id}`);
    await ready(page.getByTestId("crisis-detail-screen"));
    expect((await api<{ merged_into_id: number | null }>(`/incident/info/${manualId}`)).merged_into_id).toBe(incident.id);
    const history = await api<{ field: string; new_value: string }[]>(`/incident/update-history/${incident.id}`);
    expect(history.some((h) => h.field === "merged" && h.new_value === String(manualId))).toBe(true);

    // Not a crisis after all, then a crisis again: both stay in the history.
    await page.getByTestId("incident-dismiss").click();
    await poll(() => page.getByTestId("incident-status").getAttribute("data-status")).toBe("dismissed");
    await page.getByTestId("incident-confirm").click();
    await poll(() => page.getByTestId("incident-status").getAttribute("data-status")).toBe("1");
    const reviews = (await api<{ field: string; new_value: string }[]>(`/incident/update-history/${incident.id}`)).filter(
      (h) => h.field === "review",
    );
    expect(reviews.map((h) => h.new_value)).toEqual(["dismissed", "confirmed"]);

    await page.goto(`${suite.server.url}/crisis-management/${manualId}`);
    await ready(page.getByTestId("crisis-detail-screen"));
    expect(await page.getByTestId("incident-merged").count()).toBe(1);
    expect(await page.getByTestId("incident-merge-open").count()).toBe(0);
  });
});
