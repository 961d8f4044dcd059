import { type } from "arktype";
import { CHANNEL_GROUPS, CHANNELS } from "../channels.ts";
import { UserViewSchema } from "../user.ts";
import { REPORT_FREQUENCIES } from "./project.ts";

/** The answers of the account, project, notification and operations calls, as their services build them. */
export const EmptySchema = type({});
export const OtpSentSchema = type({
  "phone?": "string",
  "phone_masked?": "string",
  expires_in: "number",
  resend_in: "number",
});
/** Development and tests only: the code itself comes back. */
export const OtpShownSchema = OtpSentSchema.and({ otp: "string" });
export const LoginResultSchema = type({ access_token: "string", expires_in: "number", user: UserViewSchema });
export const AppConfigSchema = type({ support_phone: "string", recaptcha_site_key: "string | null" });
export const CreatedSchema = type({ id: "number" });

export const ChannelSchema = type({
  id: "number",
  name: "string",
  slug: type.enumerated(...CHANNELS.map((channel) => channel.slug)),
  color: "string",
  group: type.enumerated(...(Object.keys(CHANNEL_GROUPS) as (keyof typeof CHANNEL_GROUPS)[])).or("null"),
});
export const ChannelListSchema = type({ data: ChannelSchema.array() });

export const TypicalCustomerSchema = type({
  id: "number",
  name: "string",
  industry_id: "number",
  industry: "string",
  text: "string",
  channels: ChannelSchema.get("slug").array(),
});

const KeywordSchema = type({ name: "string" });
export const ProjectSchema = type({
  id: "number",
  name: "string",
  brand_id: "number",
  keywords: KeywordSchema.array(),
  exclude_keywords: "string[]",
  query: "string | null",
  color: "string",
  is_demo: "boolean",
  children_competitor: type({
    id: "number",
    name: "string",
    keywords: KeywordSchema.array(),
    exclude_keywords: "string[]",
    query: "string | null",
    color: "string",
  }).array(),
});
/** Brand catalogue: id → label. */
export const BrandsSchema = type({ "[string]": "string" });
export const ProjectShowSchema = type({
  project: ProjectSchema.or("null"),
  brands: BrandsSchema,
  remaining_updates: "number | null",
  /** While the history is read again under new rules (issue 38): the mentions read of those to read; null when none is. */
  rematch: type({ done: "number", total: "number" }).or("null"),
});
export const UserProjectSchema = type({ id: "number", name: "string", color: "string", is_competitor: "boolean", keywords: "string[]" });
export const ProjectNameSchema = type({ id: "number", name: "string" });
/** What a form's rules would match over the last `days` days, per brand, against the saved rules (issue 38). */
export const ProjectPreviewSchema = type({
  days: "number",
  brands: type({
    name: "string",
    count: "number",
    added: "number",
    removed: "number",
    sample: type({ title: "string | null", content: "string", published_at: "Date", channel: "number", source_name: "string" }).array(),
  }).array(),
});
/** The names of the projects still without data after the scan. */
export const ProjectNamesSchema = type("string[]");

export const NotificationSettingsSchema = type({
  id: "number",
  time_reports: type.enumerated(...REPORT_FREQUENCIES).array(),
  phones: "string[]",
  emails: "string[]",
  quantity_phone_number: "number",
  receives_reports: "boolean",
  language: type("'vi' | 'en'").describe("the language of the account's reports"),
});
/** What a test alert did: `delivered` is false where the server has no real provider and only logged the message. */
export const TestAlertResultSchema = type({ channel: "'email' | 'sms'", to: "string", delivered: "boolean" });

export const HealthSchema = type({ status: "'ok'", database: "string", migration: "number", time: "string" });
export const SourceHealthSchema = type({
  collector_id: "string",
  last_run_at: "Date | null",
  last_success_at: "Date | null",
  last_error_at: "Date | null",
  last_error_kind: "string | null",
  last_error: "string | null",
  items_last_run: "number",
  items_total: "number",
  healthy: "boolean",
});
export const IngestResultSchema = type({
  accepted: "number",
  inserted: "number",
  updated: "number",
  mentions: "number",
  rejected: type({ index: "number", errors: "string[]" }).array().describe("the items refused, by their index in the batch"),
});
