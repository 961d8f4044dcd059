import type { ParsedMail } from "mailparser";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { parseMail } from "../factories/report-accounts.ts";
import { smtpInbox } from "../factories/smtp-inbox.ts";
import { join } from "node:path";
import { SCREENSHOT_DIR, screenshot, skipUpgradeSuggestion, useServerAndBrowser, VIEWPORTS } from "./helpers/browser.ts";
import { finish, runEntry } from "./helpers/server.ts";

// The server is started with the inbox's address, so the inbox listens first.
const inbox = await smtpInbox();
const suite = useServerAndBrowser({
  SEED_DEMO: "auto",
  DEMO_DOCUMENTS: "3000",
  SMTP_URL: inbox.url,
  MAIL_FROM: "Nghe <bao-cao@nghe.vn>",
  SALES_EMAIL: "sales@nghe.vn",
  SITE_URL: "https://nghe.vn",
});
let password: string;
let token: string;
let projectId: number;

const api = async (path: string, init: { method?: string; json?: unknown } = {}) => {
  const res = await fetch(`${suite.server.url}/api${path}`, {
    method: init.method ?? "GET",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  return (await res.json()).data;
};

const settings = (language: "vi" | "en") => ({
  time_reports: ["daily", "weekly"],
  phones: ["0987654321"],
  emails: ["marketing@moclan.vn"],
  language,
});

/** Staff's command, run as staff runs it: through the CLI, which reaches the running server. */
const report = (...args: string[]) => finish(runEntry("src/server/cli.ts", ["report", ...args], { DATA_DIR: suite.dataDir }));

/** The e-mail as a mail client shows it: the inline charts resolved from their content ids. */
function asDisplayed(mail: ParsedMail): string {
  return (mail.html as string).replace(
    /cid:([a-z]+@nghe)/g,
    (_, cid: string) => `data:image/png;base64,${mail.attachments.find((a) => a.cid === cid)!.content.toString("base64")}`,
  );
}

async function showMail(mail: ParsedMail, name: string) {
  const context = await suite.browser.newContext({ viewport: { width: 800, height: 900 } });
  const page = await context.newPage();
  await page.setContent(asDisplayed(mail), { waitUntil: "load" });
  const charts = await page.locator("img").evaluateAll((images) => images.map((img) => (img as HTMLImageElement).naturalWidth));
  await screenshot(page, name);
  await context.close();
  return charts;
}

/** The report e-mails received: the demo's crisis alert ("[Nghe] …") reaches the same inbox whenever the outbox sends it. */
async function reportMails() {
  const mails = await Promise.all(inbox.received.map((raw) => parseMail(raw)));
  return mails.filter((mail) => !mail.subject?.startsWith("[Nghe]"));
}

async function loggedIn(viewport: keyof typeof VIEWPORTS, path: string): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: VIEWPORTS[viewport] });
  await skipUpgradeSuggestion(context);
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/login`);
  await page.fill('input[name="username"]', "demo");
  await page.fill('input[name="password"]', password);
  await page.click('button[type="submit"]');
  await page.waitForURL(`${suite.server.url}/overview`);
  // The login toast would cover a corner of the screenshots: let it come and go first.
  const toast = page.getByTestId("toast-success");
  await toast.waitFor();
  await toast.waitFor({ state: "detached" });
  await page.goto(`${suite.server.url}${path}`);
  return page;
}

beforeAll(async () => {
  password = /Demo account ready — username: demo\s+password: (\S+)/.exec(suite.server.output())![1];
  token = (await api("/login", { method: "POST", json: { username: "demo", password } })).access_token;
  projectId = (await api("/project")).project.id;
});
afterAll(() => inbox.close());

test("staff sends the weekly report: the Vietnamese e-mail renders with its charts, figures and attachment", async () => {
  await api("/notification", { method: "PUT", json: settings("vi") });
  const sent = await report("send", String(projectId), "weekly");
  expect(sent.stdout).toMatch(/^Delivery #\d+: sent, 2 recipients reached\.\n$/);
  const mails = await reportMails();
  expect(mails).toHaveLength(1);
  const [mail] = mails;
  expect(mail.subject).toMatch(/^Báo cáo hằng tuần Sữa Mộc Lan: \d\d\/\d\d\/\d{4} – \d\d\/\d\d\/\d{4}$/);
  expect(mail.attachments.map((a) => a.contentType).sort()).toEqual([
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "image/png",
    "image/png",
  ]);
  expect(await showMail(mail, "report-email-vi")).toEqual([1120, 1120]);
  console.log(`e-mail vi: ${mail.subject}\n${mail.text?.split("\n").slice(0, 14).join("\n")}`);
});

test("in English once the account's report language is English; a delivered period needs --force", async () => {
  await api("/notification", { method: "PUT", json: settings("en") });
  expect((await report("send", String(projectId), "weekly")).stdout).toMatch(/^Already delivered/);
  expect((await report("send", String(projectId), "weekly", "--force")).stdout).toMatch(/: sent, 2 recipients reached\.\n$/);
  const mail = (await reportMails())[1];
  expect(mail.subject).toMatch(/^Weekly report for Sữa Mộc Lan: /);
  expect(await showMail(mail, "report-email-en")).toEqual([1120, 1120]);
  expect((await report("send", String(projectId), "daily")).stdout).toMatch(/: sent, 2 recipients reached\.\n$/);
  await api("/notification", { method: "PUT", json: settings("vi") });
});

test("the notify screen lists the deliveries and previews the e-mail on desktop only", async () => {
  const page = await loggedIn("desktop", "/project-setting/notify");
  const rows = page.getByTestId("report-history").locator(":scope > li");
  await expect.poll(() => rows.count()).toBe(3);
  expect(await rows.first().getAttribute("data-frequency")).toBe("daily");
  expect(await page.getByTestId("report-history").textContent()).toContain("Gửi lại theo yêu cầu");
  await screenshot(page, "notify-history-vi-desktop");

  await page.getByTestId("report-preview-button").click();
  const frame = page.frameLocator('[data-testid="report-preview-frame"]');
  await frame.locator("h1").waitFor();
  expect(await frame.locator("h1").textContent()).toBe("Sữa Mộc Lan");
  await expect
    .poll(() => frame.locator("img").evaluateAll((images) => images.map((img) => (img as HTMLImageElement).naturalWidth)))
    .toEqual([1120, 1120]);
  // The dialog as the screen shows it (a full-page capture would cut the fixed backdrop).
  await page.screenshot({ path: join(SCREENSHOT_DIR, "notify-preview-vi-desktop.png"), animations: "disabled" });
  await page.context().close();

  const mobile = await loggedIn("mobile", "/project-setting/notify");
  await expect.poll(() => mobile.getByTestId("report-history").locator(":scope > li").count()).toBe(3);
  expect(await mobile.getByTestId("report-preview-button").count()).toBe(0);
  await screenshot(mobile, "notify-history-vi-mobile");
  await mobile.context().close();

  const english = await loggedIn("desktop", "/en/project-setting/notify");
  await expect.poll(() => english.getByTestId("report-history").locator(":scope > li").count()).toBe(3);
  expect(await english.getByTestId("report-log").textContent()).toContain("Report history");
  await screenshot(english, "notify-history-en-desktop");
  await english.context().close();
});
