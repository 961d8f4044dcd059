import { Hono } from "hono";
import { PhoneBody } from "../../../shared/schemas/account.ts";
import {
  login,
  registerUser,
  requestPasswordReset,
  resendOtp,
  resetPassword,
  revokeSession,
  verifyRegistration,
} from "../../services/auth/index.ts";
import { OtpShownSchema } from "../../../shared/schemas/answers.ts";
import { API } from "../../../shared/api-contract.ts";
import type { AppEnv } from "../context.ts";
import { ok } from "../envelope.ts";
import { requireUser } from "../middleware/auth.ts";
import { validateJson } from "../validate.ts";
import { apiDoc } from "../route-doc.ts";

export function authRoutes(options: { developmentOtp: boolean }) {
  const routes = new Hono<AppEnv>()
    .post(
      "/register",
      apiDoc({ summary: "Create an account; texts a 6-digit OTP", response: API.register.response }),
      validateJson(API.register.body),
      async (c) => ok(c, (await registerUser(c.get("deps"), c.req.valid("json"), c.get("clientIp"))).data),
    )
    .post(
      "/verify-registration",
      apiDoc({ summary: "Activate the account with the OTP; returns a session", response: API.verifyRegistration.response }),
      validateJson(API.verifyRegistration.body),
      async (c) => ok(c, await verifyRegistration(c.get("deps"), c.req.valid("json"), c.get("clientIp"))),
    )
    .post(
      "/resend-otp",
      apiDoc({ summary: "A new OTP (60 s cooldown)", response: API.resendOtp.response }),
      validateJson(API.resendOtp.body),
      async (c) => ok(c, (await resendOtp(c.get("deps"), c.req.valid("json").phone, c.get("clientIp"))).data),
    )
    .post(
      "/login",
      apiDoc({ summary: "Username and password for a 30-day bearer token", response: API.login.response }),
      validateJson(API.login.body),
      async (c) => ok(c, await login(c.get("deps"), c.req.valid("json"), c.get("clientIp"))),
    )
    .post("/logout", apiDoc({ summary: "Revoke the token", response: API.logout.response }), requireUser, async (c) => {
      await revokeSession(c.get("deps"), c.get("user").sessionId);
      return ok(c, {});
    })
    .post(
      "/forget-password",
      apiDoc({ summary: "Text a reset OTP (by username or phone)", response: API.forgetPassword.response }),
      validateJson(API.forgetPassword.body),
      async (c) => ok(c, (await requestPasswordReset(c.get("deps"), c.req.valid("json"), c.get("clientIp"))).data),
    )
    .post(
      "/reset-password",
      apiDoc({ summary: "Set a new password with the OTP; ends every session", response: API.resetPassword.response }),
      validateJson(API.resetPassword.body),
      async (c) => {
        await resetPassword(c.get("deps"), c.req.valid("json"), c.get("clientIp"));
        return ok(c, {});
      },
    );
  // Development and tests only: the code comes back in the answer instead of needing a phone.
  if (options.developmentOtp) {
    routes.post(
      "/test-resend-otp",
      apiDoc({ summary: "Development only: a new OTP, returned in the answer", response: OtpShownSchema }),
      validateJson(PhoneBody),
      async (c) => {
        const { otp, data } = await resendOtp(c.get("deps"), c.req.valid("json").phone, c.get("clientIp"));
        return ok(c, { ...data, otp });
      },
    );
  }
  return routes;
}
