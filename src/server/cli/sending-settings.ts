import type { Config } from "../config.ts";

/**
 * Why this shell cannot send on the server's behalf, one reason a line; empty when it can. A command that opens the
 * database itself (PostgreSQL, or no server running) sends with this shell's settings, not the server's: without a
 * real mail and SMS provider the messages would only be printed here yet counted as delivered, and without SITE_URL
 * their links would point at this machine's default address.
 */
export function sendingSettingsProblems(config: Config, env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (!config.mail.smtpUrl) problems.push("SMTP_URL is not set: e-mails would only be printed here.");
  if (config.sms.provider !== "http") problems.push("SMS_PROVIDER is not http: text messages would only be printed here.");
  if (!env.SITE_URL) problems.push(`SITE_URL is not set: links would point at ${config.publicUrl}.`);
  return problems;
}
