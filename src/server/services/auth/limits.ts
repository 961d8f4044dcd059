import type { Backoff, Limit } from "../security/index.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Brute-force limits; the state lives in the database so every process sees it. None of them can be spent by a stranger
 * on the owner's behalf: what one address does is counted for that address (and that address with that account), and
 * what many addresses do together to one account asks the owner for a proof the strangers lack (the phone) instead of
 * shutting the account.
 */
export const LIMITS = {
  // A username with this many failures within the hour, from anywhere, is under a broad attack: without reCAPTCHA, its
  // password alone no longer signs in, a code texted to its phone must come with it (login.ts).
  loginFailuresPerUsername: { bucket: "login-fail-username", max: 30, windowMs: HOUR },
  loginFailuresPerIp: { bucket: "login-fail-ip", max: 100, windowMs: 15 * MINUTE },
  otpChecksPerIp: { bucket: "otp-check-ip", max: 20, windowMs: 15 * MINUTE },
  // Wrong codes of one account and purpose from every address together. At most five codes are live at once (five
  // minutes' life, one a minute) and a guess is checked against all of them, so a guess has at most 5 chances in 10^6:
  // 100 wrong codes a day give a botnet at most 0.05 % a day. Only then do the account's codes stop being accepted (until
  // the day's count drops); below it, however many addresses guess, the code the owner holds keeps working. Login
  // codes count apart from reset codes, and only someone holding the password can guess them.
  otpWrongPerAccount: { bucket: "otp-wrong-account", max: 100, windowMs: DAY },
  // One code a minute per phone and purpose: the texts a botnet can send to one phone, and the longest an owner waits.
  otpSendsPerPhone: { bucket: "otp-send-phone", max: 1, windowMs: MINUTE },
  otpSendsPerPhoneAndIp: { bucket: "otp-send-phone-ip", max: 3, windowMs: HOUR },
  resetRequestsPerIp: { bucket: "reset-ip", max: 5, windowMs: 15 * MINUTE },
  registrationsPerIp: { bucket: "register-ip", max: 10, windowMs: 60 * MINUTE },
  // A stolen session must not become a way to guess the password: five wrong old passwords an hour per account.
  passwordChangeFailuresPerUser: { bucket: "password-change-fail-user", max: 5, windowMs: HOUR },
} as const satisfies Record<string, Limit>;

/** Failed logins of one username from one address: two typos are free, then 10 s, 30 s, 90 s, … up to an hour between tries. */
export const LOGIN_PAIR_BACKOFF = {
  bucket: "login-fail-pair",
  windowMs: DAY,
  freeFailures: 2,
  firstDelayMs: 10 * SECOND,
  factor: 3,
  maxDelayMs: HOUR,
} as const satisfies Backoff;

/**
 * Wrong codes of one account from one address: four typos are free, then 1 min, 3 min, 9 min, … up to an hour between
 * tries, so one address gets about 30 guesses a day and the owner's own address is never held by another's guesses.
 */
export const OTP_PAIR_BACKOFF = {
  bucket: "otp-wrong-pair",
  windowMs: DAY,
  freeFailures: 4,
  firstDelayMs: MINUTE,
  factor: 3,
  maxDelayMs: HOUR,
} as const satisfies Backoff;

export const OTP_TTL_MS = 5 * MINUTE;
export const OTP_RESEND_COOLDOWN_MS = LIMITS.otpSendsPerPhone.windowMs;
