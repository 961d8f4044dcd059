import type { Lang } from "../../../i18n/index.ts";
import type { AdviseEmailBody } from "../../../shared/schemas/contact.ts";
import { formatDateTime } from "../../../shared/format.ts";
import type { Deps } from "../../deps.ts";
import { sendMail } from "../notifications/index.ts";
import { assertCaptcha, assertUnderLimit, recordHit, type Limit } from "../security/index.ts";

const ADVICE_REQUESTS_PER_IP = { bucket: "advise-ip", max: 5, windowMs: 60 * 60_000 } as const satisfies Limit;

type Request = typeof AdviseEmailBody.infer;

/**
 * Keeps the request and e-mails it to sales. A mail failure is logged and kept in the outbox but does not fail the
 * visitor's request: it is stored, and staff see it with `nghe contact list`.
 */
export async function submitAdviceRequest(deps: Deps, input: Request, context: { ip: string; lang: Lang }): Promise<{ id: number }> {
  const now = deps.now();
  await assertCaptcha(deps.config.recaptcha, input.captcha_token, context.ip);
  await assertUnderLimit(deps.db, ADVICE_REQUESTS_PER_IP, context.ip, now);
  const { id } = await deps.db
    .insertInto("contact_requests")
    .values({
      full_name: input.full_name,
      phone: input.phone,
      email: input.email,
      company: input.company,
      message: input.message,
      lang: context.lang,
      ip: context.ip,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordHit(deps.db, ADVICE_REQUESTS_PER_IP, context.ip, now);
  await sendMail(deps, {
    to: deps.config.mail.salesEmail,
    replyTo: input.email,
    subject: oneLine(`[Nghe] Yêu cầu tư vấn #${id}: ${input.company} — ${input.full_name}`),
    text: adviceMailText(id, input, context.lang, now),
  });
  return { id };
}

const oneLine = (text: string) => text.replace(/\s+/g, " ");

/** In Vietnamese: the sales team reads it, whatever the visitor's page language was. */
function adviceMailText(id: number, input: Request, lang: Lang, at: Date): string {
  return [
    "Yêu cầu tư vấn mới từ trang giới thiệu Nghe.",
    "",
    `Họ và tên: ${input.full_name}`,
    `Số điện thoại: ${input.phone}`,
    `Email: ${input.email}`,
    `Công ty: ${input.company}`,
    `Ngôn ngữ trang: ${lang === "en" ? "English" : "Tiếng Việt"}`,
    `Thời gian: ${formatDateTime(at)} (giờ Việt Nam)`,
    "",
    "Lời nhắn:",
    input.message,
    "",
    `Mã yêu cầu #${id}. Trả lời thư này để gửi thư tới khách hàng.`,
  ].join("\n");
}
