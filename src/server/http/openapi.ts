import type { Type } from "arktype";
import {
  ChangePasswordBody,
  ForgetPasswordBody,
  LoginBody,
  PhoneBody,
  RegisterBody,
  ResetPasswordBody,
  UpdateInfoBody,
  VerifyRegistrationBody,
} from "../../shared/schemas/account.ts";
import { IngestBatch, IngestDocument } from "../../shared/schemas/ingest.ts";
import { NotificationBody, ProjectBody, ProjectNameBody } from "../../shared/schemas/project.ts";

type Operation = { method: "get" | "post" | "put"; path: string; summary: string; auth?: "user" | "api-key"; body?: Type };

const OPERATIONS: Operation[] = [
  { method: "get", path: "/api/health", summary: "Database kind and migration version" },
  { method: "get", path: "/api/app-config", summary: "Support hotline and reCAPTCHA site key" },
  { method: "post", path: "/api/register", summary: "Create an account; texts a 6-digit OTP", body: RegisterBody },
  { method: "post", path: "/api/verify-registration", summary: "Activate the account with the OTP; returns a session", body: VerifyRegistrationBody },
  { method: "post", path: "/api/resend-otp", summary: "A new OTP (60 s cooldown)", body: PhoneBody },
  { method: "post", path: "/api/login", summary: "Username and password for a 30-day bearer token", body: LoginBody },
  { method: "post", path: "/api/logout", summary: "Revoke the token", auth: "user" },
  { method: "post", path: "/api/forget-password", summary: "Text a reset OTP (by username or phone)", body: ForgetPasswordBody },
  { method: "post", path: "/api/reset-password", summary: "Set a new password with the OTP; ends every session", body: ResetPasswordBody },
  { method: "get", path: "/api/user/show", summary: "The signed-in user", auth: "user" },
  { method: "post", path: "/api/user/update-info", summary: "Full name, phone, company, e-mail", auth: "user", body: UpdateInfoBody },
  { method: "post", path: "/api/user/change-password", summary: "Old and new password", auth: "user", body: ChangePasswordBody },
  { method: "post", path: "/api/user/change-avatar", summary: "multipart field avatar: JPEG, PNG or WebP up to 2 MB", auth: "user" },
  { method: "post", path: "/api/user/upgrade-account", summary: "Ask staff for the contracted plan", auth: "user" },
  { method: "get", path: "/api/channel", summary: "Every channel" },
  { method: "get", path: "/api/channel-user", summary: "The channels enabled for the account", auth: "user" },
  { method: "get", path: "/api/get-brands", summary: "Brand catalogue id → label", auth: "user" },
  { method: "get", path: "/api/project", summary: "The user's project, brands and remaining keyword updates", auth: "user" },
  { method: "post", path: "/api/project", summary: "Create the brand project and 0–2 competitors", auth: "user", body: ProjectBody },
  { method: "put", path: "/api/project/{id}", summary: "Update the brand project and competitors", auth: "user", body: ProjectBody },
  { method: "put", path: "/api/project/update-name/{id}", summary: "Rename one of the user's projects", auth: "user", body: ProjectNameBody },
  { method: "get", path: "/api/project/list-user-projects", summary: "The brand project and its competitors", auth: "user" },
  { method: "post", path: "/api/scan-data", summary: "Link the last 30 days of the pool; names of projects still without data", auth: "user" },
  { method: "get", path: "/api/notification", summary: "Report frequency, phones and e-mails", auth: "user" },
  { method: "put", path: "/api/notification", summary: "Update report frequency, phones and e-mails", auth: "user", body: NotificationBody },
  { method: "post", path: "/api/ingest", summary: "Push up to 1,000 documents of any channel (see docs/api/ingest.md)", auth: "api-key", body: IngestBatch.merge({ documents: IngestDocument.array() }) },
  { method: "get", path: "/api/sources/health", summary: "Last success, last error and items per source", auth: "user" },
];

const FALLBACK = { fallback: { predicate: (ctx: { base: object }) => ctx.base, morph: (ctx: { base: object }) => ctx.base } };

/** OpenAPI 3.1, with request bodies generated from the same arktype schemas the routes validate with. */
export function openApiDocument() {
  const paths: Record<string, Record<string, object>> = {};
  for (const op of OPERATIONS) {
    (paths[op.path] ??= {})[op.method] = {
      summary: op.summary,
      ...(op.auth ? { security: [{ [op.auth === "user" ? "bearer" : "apiKey"]: [] }] } : {}),
      ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: op.body.in.toJsonSchema(FALLBACK as never) } } } } : {}),
      responses: { default: { description: "Envelope { code, data, errors }", content: { "application/json": { schema: { $ref: "#/components/schemas/Envelope" } } } } },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Nghe API", version: "1" },
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" }, apiKey: { type: "apiKey", in: "header", name: "X-Api-Key" } },
      schemas: {
        Envelope: {
          type: "object",
          properties: { code: { type: "integer" }, data: {}, errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } } },
        },
      },
    },
  };
}
