import { simpleParser, type ParsedMail } from "mailparser";
import type { CollectedDocument } from "../../src/server/services/ingest/collected-document.ts";
import { ingestDocuments } from "../../src/server/services/ingest/ingest-documents.ts";
import type { ReceivedMail } from "./smtp-inbox.ts";
import type { TestContext } from "./test-app.ts";
import { createVerifiedUser } from "./users.ts";

export type ReportAccountSetup = {
  name: string;
  keywords: string[];
  competitors?: { name: string; keywords: string[] }[];
  emails: string[];
  phones?: string[];
  timeReports: ("daily" | "weekly" | "monthly" | "annual")[];
  language?: "vi" | "en";
};

/** An account with a brand project (and competitors) whose notification settings ask for reports. */
export async function createReportAccount(ctx: TestContext, setup: ReportAccountSetup) {
  const { token, user } = await createVerifiedUser(ctx);
  const created = await ctx.request("/api/project", {
    method: "POST",
    token,
    json: { brand_id: 0, name: setup.name, keywords: setup.keywords, competitors: setup.competitors ?? [] },
  });
  if (created.status !== 200) throw new Error(await created.text());
  const saved = await ctx.request("/api/notification", {
    method: "PUT",
    token,
    json: { time_reports: setup.timeReports, phones: setup.phones ?? [], emails: setup.emails, language: setup.language ?? "vi" },
  });
  if (saved.status !== 200) throw new Error(await saved.text());
  const projects = (await (await ctx.request("/api/project/list-user-projects", { token })).json()).data as {
    id: number;
    is_competitor: boolean;
  }[];
  return { token, userId: user.id as number, brandId: projects.find((p) => !p.is_competitor)!.id, projectIds: projects.map((p) => p.id) };
}

let counter = 0;

/** Pool documents through the real pipeline (matching, sentiment, rollups), each at its own time. */
export async function ingestTexts(
  ctx: TestContext,
  items: { content: string; at: Date; channel?: number; likes?: number; source?: string }[],
) {
  const docs: CollectedDocument[] = items.map((item) => {
    counter += 1;
    return {
      channel: item.channel ?? 1,
      platform: "facebook",
      externalId: `report-${counter}`,
      url: `https://www.facebook.com/posts/report-${counter}`,
      mentionType: 0,
      parentExternalId: null,
      title: null,
      content: item.content,
      publishedAt: item.at,
      source: { id: null, name: item.source ?? "Hội Yêu Cà Phê", url: null },
      author: { id: null, name: "Trần Thu Hà", url: null, followers: null, location: null },
      metrics: { likes: item.likes ?? 3, shares: 1, comments: 2, views: 40 },
      rating: null,
      ecommerceSource: null,
      hashtags: [],
    };
  });
  await ingestDocuments(ctx.deps, docs);
}

/** A received message parsed whole: text and HTML parts (cid: links as sent), inline images and attachments. */
export function parseMail(mail: ReceivedMail): Promise<ParsedMail> {
  return simpleParser(mail.raw, { keepCidLinks: true });
}

/** An instant given as Vietnam local time. */
export const vn = (local: string) => new Date(`${local}+07:00`);
