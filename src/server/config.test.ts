import { expect, test } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

test("defaults give an embedded database on port 4321", () => {
  const config = loadConfig({});
  expect(config).toMatchObject({ port: 4321, databaseUrl: undefined, dataDir: "./data", role: "all", env: "production" });
});

test("the default start has no development routes; only NODE_ENV=development or NGHE_DEV_ROUTES=on opens them", () => {
  expect(loadConfig({}).devRoutes).toBe(false);
  expect(loadConfig({ NODE_ENV: "test" }).devRoutes).toBe(false);
  expect(loadConfig({ NODE_ENV: "development" }).devRoutes).toBe(true);
  expect(loadConfig({ NGHE_DEV_ROUTES: "on" }).devRoutes).toBe(true);
  expect(loadConfig({ NODE_ENV: "development", NGHE_DEV_ROUTES: "off" }).devRoutes).toBe(false);
});

test("PORT and DATABASE_URL are read and typed; empty values count as unset", () => {
  const config = loadConfig({ PORT: "8080", DATABASE_URL: "postgres://u@127.0.0.1:5432/nghe", NGHE_ROLE: "web", HOST: "" });
  expect(config.port).toBe(8080);
  expect(config.databaseUrl).toBe("postgres://u@127.0.0.1:5432/nghe");
  expect(config.role).toBe("web");
  expect(config.host).toBe("0.0.0.0");
});

test("every invalid variable is reported by name in one error", () => {
  let message = "";
  try {
    loadConfig({ PORT: "abc", NGHE_ROLE: "boss", DATABASE_URL: "mysql://x" });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    message = (error as Error).message;
  }
  expect(message).toContain("PORT");
  expect(message).toContain("NGHE_ROLE");
  expect(message).toContain("DATABASE_URL");
  expect(() => loadConfig({ PORT: "70000" })).toThrow(/PORT/);
});

test("reCAPTCHA is on only with a secret; the HTTP SMS gateway needs its URL and key", () => {
  expect(loadConfig({}).recaptcha).toBeNull();
  expect(loadConfig({ RECAPTCHA_SECRET: "s" }).recaptcha).toMatchObject({
    secret: "s",
    verifyUrl: "https://www.google.com/recaptcha/api/siteverify",
  });
  expect(loadConfig({}).sms).toEqual({ provider: "console" });
  expect(() => loadConfig({ SMS_PROVIDER: "http" })).toThrow(/SMS_HTTP_URL/);
  expect(loadConfig({ SMS_PROVIDER: "http", SMS_HTTP_URL: "http://127.0.0.1:9/sms", SMS_HTTP_KEY: "k" }).sms).toEqual({
    provider: "http",
    url: "http://127.0.0.1:9/sms",
    key: "k",
    brandName: "NGHE",
  });
});

test("mail goes to the log without SMTP_URL; with it, sender and sales address are required", () => {
  expect(loadConfig({}).mail).toMatchObject({ smtpUrl: null });
  expect(() => loadConfig({ SMTP_URL: "smtp://u:p@127.0.0.1:587" })).toThrow(/MAIL_FROM and SALES_EMAIL/);
  expect(() => loadConfig({ SMTP_URL: "http://x" })).toThrow(/SMTP_URL/);
  expect(
    loadConfig({ SMTP_URL: "smtp://u:p@127.0.0.1:587", MAIL_FROM: "Nghe <no-reply@nghe.vn>", SALES_EMAIL: "sales@nghe.vn" }).mail,
  ).toEqual({
    smtpUrl: "smtp://u:p@127.0.0.1:587",
    from: "Nghe <no-reply@nghe.vn>",
    salesEmail: "sales@nghe.vn",
  });
});

test("Meta is not configured without an app id and secret; with them it needs a 32-byte CONNECTIONS_KEY", () => {
  const key = Buffer.alloc(32, 1).toString("base64");
  const old = Buffer.alloc(32, 2).toString("base64");
  expect(loadConfig({}).meta).toBeNull();
  expect(loadConfig({}).connectionKeys).toEqual([]);
  expect(() => loadConfig({ META_APP_ID: "123" })).toThrow(/META_APP_ID needs META_APP_SECRET and CONNECTIONS_KEY/);
  expect(() => loadConfig({ META_APP_ID: "123", META_APP_SECRET: "s" })).toThrow(ConfigError);
  expect(() => loadConfig({ CONNECTIONS_KEY: Buffer.alloc(16).toString("base64") })).toThrow(/32 bytes/);
  const config = loadConfig({ META_APP_ID: "123", META_APP_SECRET: "s", CONNECTIONS_KEY: `${key},${old}` });
  expect(config.meta).toEqual({
    appId: "123",
    appSecret: "s",
    verifyToken: null,
    graphUrl: "https://graph.facebook.com/v21.0",
    oauthUrl: "https://www.facebook.com/v21.0/dialog/oauth",
    publicContent: false,
  });
  expect(
    loadConfig({ META_APP_ID: "123", META_APP_SECRET: "s", CONNECTIONS_KEY: key, META_PUBLIC_CONTENT: "on" }).meta?.publicContent,
  ).toBe(true);
  expect(() => loadConfig({ META_PUBLIC_CONTENT: "yes" })).toThrow(ConfigError);
  // The first key seals, every one opens: rotation.
  expect(config.connectionKeys.map((k) => k.toString("base64"))).toEqual([key, old]);
});
