import { createTransport } from "nodemailer";
import type { Config } from "../config.ts";
import type { Logger } from "../log.ts";

/** A file sent with the mail; with a `cid` it is an inline image the HTML shows as <img src="cid:…">. */
export type MailAttachment = { filename: string; content: Buffer; contentType: string; cid?: string };

export type Mail = { to: string; subject: string; text: string; replyTo?: string; html?: string; attachments?: MailAttachment[] };

/** Sends one e-mail; throws when the server refuses it. */
export interface MailProvider {
  name: string;
  send(mail: Mail): Promise<void>;
}

/** Development default: the mail goes to the log (and, like every message, to the outbox). */
function consoleMail(log: Logger): MailProvider {
  return {
    name: "console",
    async send(mail) {
      const files = mail.attachments?.length ? `\n[${mail.attachments.map((a) => a.filename).join(", ")}]` : "";
      log.info(`Mail to ${mail.to}: ${mail.subject}\n${mail.text}${files}`);
    },
  };
}

/** SMTP through nodemailer, e.g. smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465. */
export function smtpMail(options: { url: string; from: string }): MailProvider {
  const transport = createTransport(options.url);
  return {
    name: "smtp",
    async send(mail) {
      await transport.sendMail({
        from: options.from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments,
      });
    },
  };
}

export function createMailProvider(config: Config, log: Logger): MailProvider {
  return config.mail.smtpUrl ? smtpMail({ url: config.mail.smtpUrl, from: config.mail.from }) : consoleMail(log);
}
