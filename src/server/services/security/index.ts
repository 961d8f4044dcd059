export { assertBackoffElapsed, backoffDelayMs, type Backoff } from "./backoff.ts";
export { assertCaptcha } from "./captcha.ts";
export { oneAtATime } from "./one-at-a-time.ts";
export { dummyPasswordHash, hashPassword, verifyPassword } from "./passwords.ts";
export { assertUnderLimit, clearHits, hitsWithin, recordHit, type Limit } from "./rate-limit.ts";
export { hashToken, newOtpCode, newToken } from "./tokens.ts";
