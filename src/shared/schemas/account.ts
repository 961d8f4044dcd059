import { type } from "arktype";
import { MAX_TEXT_FIELD, MAX_TOKEN_LENGTH } from "../limits.ts";
import { email, otp, password, phone, required, username } from "./fields.ts";

/** reCAPTCHA v2 response token; the server checks it only when a secret is configured. */
const captcha = { "captcha_token?": type("string").atMostLength(MAX_TOKEN_LENGTH) } as const;
const identifier = type("string").atMostLength(MAX_TEXT_FIELD);

export const RegisterBody = type({
  username,
  full_name: required,
  phone,
  company: required,
  email,
  password,
  ...captcha,
});

export const VerifyRegistrationBody = type({ phone, otp });
export const PhoneBody = type({ phone });

export const LoginBody = type({
  username: required,
  password: type("string")
    .narrow((s, ctx) => s.length > 0 || ctx.reject({ message: "validation.required" }))
    .narrow((s, ctx) => s.length <= MAX_TEXT_FIELD || ctx.reject({ message: "validation.too_long" })),
  /** The code texted to the account's phone, asked for only while the username is under a broad attack. */
  "otp?": otp,
  ...captcha,
});

/** Either the username or the phone number of the account. */
export const ForgetPasswordBody = type({ "username?": identifier, "phone?": identifier, ...captcha }).narrow(
  (body, ctx) => Boolean(body.username?.trim() || body.phone?.trim()) || ctx.reject({ path: ["username"], message: "validation.required" }),
);

export const ResetPasswordBody = type({ "phone?": identifier, "username?": identifier, otp, password }).narrow(
  (body, ctx) => Boolean(body.username?.trim() || body.phone?.trim()) || ctx.reject({ path: ["phone"], message: "validation.required" }),
);

export const UpdateInfoBody = type({ full_name: required, phone, company: required, email });

export const ChangePasswordBody = type({ old_password: LoginBody.get("password"), new_password: password });
