import { createTransport } from "nodemailer";
import type { Config } from "../config.ts";
import type { Logger } from "../log.ts";

export type Mail = { to: string; subject: string; text: string; replyTo?: string };

/** Sends one e-mail; throws when the server refuses it. */
export interface MailProvider {
  name: string;
  send(mail: Mail): Promise<void>;
}

/** Development default: the mail goes to the log (and, like every message, to the outbox). */
export function consoleMail(log: Logger): MailProvider {
  return {
    name: "console",
    async send(mail) {
      log.info(`Mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
    },
  };
}

/** SMTP through nodemailer, e.g. smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465. */
export function smtpMail(options: { url: string; from: string }): MailProvider {
  const transport = createTransport(options.url);
  return {
    name: "smtp",
    async send(mail) {
      await transport.sendMail({ from: options.from, to: mail.to, replyTo: mail.replyTo, subject: mail.subject, text: mail.text });
    },
  };
}

export function createMailProvider(config: Config, log: Logger): MailProvider {
  return config.mail.smtpUrl ? smtpMail({ url: config.mail.smtpUrl, from: config.mail.from }) : consoleMail(log);
}
