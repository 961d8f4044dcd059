import type { Limit } from "../security/rate-limit.ts";

const MINUTE = 60_000;

/** Brute-force limits; the state lives in the database so every process sees it. */
export const LIMITS = {
  loginFailuresPerUsername: { bucket: "login-fail-username", max: 5, windowMs: 15 * MINUTE },
  loginFailuresPerIp: { bucket: "login-fail-ip", max: 5, windowMs: 15 * MINUTE },
  otpChecksPerIp: { bucket: "otp-check-ip", max: 20, windowMs: 15 * MINUTE },
  otpSendsPerPhone: { bucket: "otp-send-phone", max: 5, windowMs: 60 * MINUTE },
  resetRequestsPerIp: { bucket: "reset-ip", max: 5, windowMs: 15 * MINUTE },
  registrationsPerIp: { bucket: "register-ip", max: 10, windowMs: 60 * MINUTE },
} as const satisfies Record<string, Limit>;

export const OTP_TTL_MS = 5 * MINUTE;
export const OTP_RESEND_COOLDOWN_MS = MINUTE;
export const OTP_MAX_ATTEMPTS = 5;
