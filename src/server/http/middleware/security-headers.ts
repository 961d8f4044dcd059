import { createHash } from "node:crypto";
import { createMiddleware } from "hono/factory";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "../context.ts";

/** reCAPTCHA loads its script from www.google.com and its challenge frames and images from both origins. */
const CAPTCHA_ORIGINS = ["https://www.google.com", "https://www.gstatic.com"];

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** sha256 sources for every inline script of a page, so the policy allows exactly the scripts the build wrote. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(([, body]) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`);
}

/** The Content-Security-Policy of one built page: its own inline scripts by hash, everything else from this origin. */
export function pagePolicy(html: string, captcha: boolean): string {
  const extra = captcha ? CAPTCHA_ORIGINS : [];
  return [
    "default-src 'self'",
    `script-src 'self' ${[...inlineScriptHashes(html), ...extra].join(" ")}`.trim(),
    // React sets style properties through the DOM; Astro may inline small style sheets.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src ${captcha ? extra.join(" ") : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** API answers are data, never a document to run or frame. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

const PERMISSIONS = { camera: [], microphone: [], geolocation: [], payment: [], usb: [] };

const baseHeaders = secureHeaders({
  strictTransportSecurity: false,
  xFrameOptions: "DENY",
  referrerPolicy: "strict-origin-when-cross-origin",
  crossOriginEmbedderPolicy: false,
  permissionsPolicy: PERMISSIONS,
});

/**
 * nosniff, no framing, a strict referrer and permissions policy on every answer; HSTS only when the request reached a
 * proxy we trust over HTTPS (a plain-HTTP local start must not pin browsers to HTTPS). Pages set their own CSP.
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await baseHeaders(c, async () => {
    await next();
  });
  // Only API answers: a worker script (sw.js) runs under the policy it is served with. An answer that set its own policy
  // (an avatar's sandbox) keeps it.
  if (c.req.path.startsWith("/api/") && !c.res.headers.has("content-security-policy")) {
    c.res.headers.set("content-security-policy", API_POLICY);
  }
  const { trustProxy } = c.get("deps").config;
  if (trustProxy && c.req.header("x-forwarded-proto") === "https") {
    c.res.headers.set("strict-transport-security", "max-age=31536000; includeSubDomains");
  }
});
