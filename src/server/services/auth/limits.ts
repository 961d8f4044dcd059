import type { Backoff } from "../security/backoff.ts";
import type { Limit } from "../security/rate-limit.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Brute-force limits; the state lives in the database so every process sees it. */
export const LIMITS = {
  // Broad attacks on login: many addresses on one username, or one address on many usernames. Both are set well above
  // what one address can do to one username under LOGIN_PAIR_BACKOFF, so a stranger's guesses or a shared office
  // address's typos do not shut the owner out; with reCAPTCHA configured, a solved captcha is the way through instead.
  loginFailuresPerUsername: { bucket: "login-fail-username", max: 30, windowMs: HOUR },
  loginFailuresPerIp: { bucket: "login-fail-ip", max: 100, windowMs: 15 * MINUTE },
  otpChecksPerIp: { bucket: "otp-check-ip", max: 20, windowMs: 15 * MINUTE },
  otpSendsPerPhone: { bucket: "otp-send-phone", max: 5, windowMs: 60 * MINUTE },
  resetRequestsPerIp: { bucket: "reset-ip", max: 5, windowMs: 15 * MINUTE },
  registrationsPerIp: { bucket: "register-ip", max: 10, windowMs: 60 * MINUTE },
} as const satisfies Record<string, Limit>;

/** Failed logins of one username from one address: two typos are free, then 10 s, 30 s, 90 s, … up to an hour between tries. */
export const LOGIN_PAIR_BACKOFF = {
  bucket: "login-fail-pair",
  windowMs: 24 * HOUR,
  freeFailures: 2,
  firstDelayMs: 10 * SECOND,
  factor: 3,
  maxDelayMs: HOUR,
} as const satisfies Backoff;

export const OTP_TTL_MS = 5 * MINUTE;
export const OTP_RESEND_COOLDOWN_MS = MINUTE;
export const OTP_MAX_ATTEMPTS = 5;
