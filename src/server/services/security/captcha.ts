import type { Config } from "../../config.ts";
import { AppError } from "../../errors.ts";

/** reCAPTCHA v2, checked server-side when a secret is configured; without one the check is off (logged at start). */
export async function assertCaptcha(recaptcha: Config["recaptcha"], token: string | undefined, ip: string): Promise<void> {
  if (!recaptcha) return;
  if (!token) throw AppError.of(422, "auth.captcha_required", undefined, "captcha_token");
  const response = await fetch(recaptcha.verifyUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ secret: recaptcha.secret, response: token, remoteip: ip }),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  const result = response?.ok ? ((await response.json()) as { success?: boolean }) : null;
  if (!result?.success) throw AppError.of(422, "auth.captcha_failed", undefined, "captcha_token");
}
