import { fileURLToPath } from "node:url";
import { type } from "arktype";

// 0 asks the system for a free port (tests use it); the log line tells which one.
const port = type("string.integer.parse").pipe(type("0 <= number.integer <= 65535"));

const EnvSchema = type({
  "PORT?": port,
  "HOST?": "string > 0",
  "DATABASE_URL?": /^postgres(ql)?:\/\/.+/,
  "DATA_DIR?": "string > 0",
  "NGHE_ROLE?": "'web' | 'worker' | 'all'",
  "NODE_ENV?": "'development' | 'production' | 'test'",
  "NGHE_DEV_ROUTES?": "'on' | 'off'",
  "SUPPORT_PHONE?": "string > 0",
  "LOG_LEVEL?": "'debug' | 'info' | 'warn' | 'error' | 'silent'",
  "TRUST_PROXY?": "'0' | '1' | 'true' | 'false'",
  "RECAPTCHA_SECRET?": "string > 0",
  "RECAPTCHA_SITE_KEY?": "string > 0",
  "RECAPTCHA_VERIFY_URL?": "string.url",
  "SEED_DEMO?": "'auto' | 'off'",
  "COLLECT?": "'on' | 'off'",
  "YOUTUBE_API_KEY?": "string > 0",
  "YOUTUBE_DAILY_QUOTA?": type("string.integer.parse").pipe(type("number.integer >= 1")),
  "APPSTORE_APPS?": /^\d+:[^,]+(,\d+:[^,]+)*$/,
  "NEWS_FEEDS_FILE?": "string > 0",
  "GOOGLE_NEWS_URL?": "string.url",
  "YOUTUBE_API_URL?": "string.url",
  "APPSTORE_URL?": "string.url",
  "SENTIMENT_DATASETS_DIR?": "string > 0",
  "DEMO_DOCUMENTS?": type("string.integer.parse").pipe(type("0 <= number.integer <= 1000000")),
  "SMS_PROVIDER?": "'console' | 'http'",
  "SMS_HTTP_URL?": "string.url",
  "SMS_HTTP_KEY?": "string > 0",
  "SMS_BRAND_NAME?": "string > 0",
  "SMTP_URL?": /^smtps?:\/\/.+/,
  "MAIL_FROM?": "string > 0",
  "SALES_EMAIL?": "string.email",
  "SITE_URL?": "string.url",
  "FIGURE_CACHE_SECONDS?": type("string.integer.parse").pipe(type("0 <= number.integer <= 3600")),
  "MENTION_RETENTION_MONTHS?": type("string.integer.parse").pipe(type("1 <= number.integer <= 240")),
  "META_APP_ID?": "string > 0",
  "META_APP_SECRET?": "string > 0",
  "META_VERIFY_TOKEN?": "string > 0",
  "META_GRAPH_URL?": "string.url",
  "META_OAUTH_URL?": "string.url",
  "META_PUBLIC_CONTENT?": "'on' | 'off'",
  "THREADS_APP_ID?": "string > 0",
  "THREADS_APP_SECRET?": "string > 0",
  "THREADS_GRAPH_URL?": "string.url",
  "THREADS_OAUTH_URL?": "string.url",
  "ZALO_APP_ID?": "string > 0",
  "ZALO_APP_SECRET?": "string > 0",
  "ZALO_OA_SECRET_KEY?": "string > 0",
  "ZALO_OAUTH_URL?": "string.url",
  "ZALO_API_URL?": "string.url",
  "TIKTOK_APP_ID?": "string > 0",
  "TIKTOK_APP_SECRET?": "string > 0",
  "TIKTOK_API_URL?": "string.url",
  "TIKTOK_OAUTH_URL?": "string.url",
  "LINKEDIN_CLIENT_ID?": "string > 0",
  "LINKEDIN_CLIENT_SECRET?": "string > 0",
  "LINKEDIN_API_URL?": "string.url",
  "LINKEDIN_OAUTH_URL?": "string.url",
  "CONNECTIONS_KEY?": /^[A-Za-z0-9+/=]+(,[A-Za-z0-9+/=]+)*$/,
});

/** An app on one of Meta's APIs (Graph or Threads): its id and secret, its API and its login dialog. */
export type GraphApp = { appId: string; appSecret: string; graphUrl: string; oauthUrl: string };

/**
 * A Zalo app linked to Official Accounts (docs/channels/zalo.md): its id and secret key (token endpoint), the OA secret
 * key that signs webhook events, Zalo's OAuth host and its OA API host.
 */
export type ZaloApp = { appId: string; appSecret: string; oaSecretKey: string; oauthUrl: string; apiUrl: string };

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  role: "web" | "worker" | "all";
  env: "development" | "production" | "test";
  /** Development-only routes (e.g. /api/test-resend-otp): only with NODE_ENV=development or NGHE_DEV_ROUTES=on. */
  devRoutes: boolean;
  supportPhone: string;
  /** Where customers reach the site (SITE_URL, as the build reads it), without a trailing slash: report links point here. */
  publicUrl: string;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** Collectors run only when COLLECT=on (they reach the internet); tests never turn it on with real addresses. */
  collect: {
    enabled: boolean;
    youtubeApiKey: string | null;
    youtubeDailyQuota: number;
    appStoreApps: { appId: string; appName: string }[];
    newsFeedsFile: string | null;
    googleNewsUrl: string | undefined;
    youtubeApiUrl: string | undefined;
    appStoreUrl: string | undefined;
  };
  /** auto: the first start on an empty embedded database creates the demo account. */
  seedDemo: "auto" | "off";
  demoDocuments: number;
  /** The labelled datasets whose dev splits gate a sentiment adaptation (docs/models/corrections.md); absent is fine. */
  sentimentDatasetsDir: string;
  /** Read the client address from X-Forwarded-For (only behind a proxy you run). */
  trustProxy: boolean;
  recaptcha: { secret: string; siteKey: string | null; verifyUrl: string } | null;
  sms: { provider: "console" } | { provider: "http"; url: string; key: string; brandName: string };
  /** Without an SMTP URL mail goes to the log (and the outbox) instead of a server. */
  mail: { smtpUrl: string | null; from: string; salesEmail: string };
  /** How long a dashboard or mention-list answer may be reused while its projects do not change; 0 = never. */
  figureCacheSeconds: number;
  /** Months of mentions kept before this one (their counters go with them); null = kept for ever. */
  mentionRetentionMonths: number | null;
  /** Meta's Graph API for connected Facebook pages and Instagram accounts; null without an app id and secret. */
  meta:
    | (GraphApp & {
        verifyToken:
          | string
          | null /** Meta granted the app Page Public Content Access: public Pages the customer does not manage can be followed. */;
        publicContent: boolean;
      })
    | null;
  /** Meta's Threads API for connected Threads accounts (docs/channels/meta.md); null without an app id and secret. */
  threads: GraphApp | null;
  /** Zalo's Official Account API; null without an app id, secret and OA secret key. */
  zalo: ZaloApp | null;
  /** TikTok's API for Business (Accounts API) for connected business accounts (docs/channels/tiktok.md). */
  tiktok: GraphApp | null;
  /** LinkedIn's Community Management API for the organisations a member administers (docs/channels/linkedin.md). */
  linkedin: GraphApp | null;
  /**
   * The keys that encrypt connected accounts' tokens at rest (CONNECTIONS_KEY, base64, comma-separated): the first
   * encrypts, every one decrypts, so a key is rotated by putting the new one first.
   */
  connectionKeys: Buffer[];
};

export class ConfigError extends Error {}

/** Reads and validates the environment once at start; every problem is reported together, by variable name. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = new Set<string>(EnvSchema.props.map((prop) => prop.key as string));
  const present = Object.fromEntries(Object.entries(env).filter(([key, value]) => known.has(key) && value !== "" && value !== undefined));
  const parsed = EnvSchema(present);
  if (parsed instanceof type.errors) {
    throw new ConfigError(`Invalid configuration:\n${parsed.map((e) => `  - ${e.message}`).join("\n")}`);
  }
  return {
    port: parsed.PORT ?? 4321,
    host: parsed.HOST ?? "0.0.0.0",
    databaseUrl: parsed.DATABASE_URL,
    dataDir: parsed.DATA_DIR ?? "./data",
    role: parsed.NGHE_ROLE ?? "all",
    // The default start is what customers run, so it is the production one.
    env: parsed.NODE_ENV ?? "production",
    devRoutes: parsed.NGHE_DEV_ROUTES ? parsed.NGHE_DEV_ROUTES === "on" : parsed.NODE_ENV === "development",
    supportPhone: parsed.SUPPORT_PHONE ?? "1900 636 019",
    publicUrl: (parsed.SITE_URL ?? `http://localhost:${parsed.PORT ?? 4321}`).replace(/\/+$/, ""),
    logLevel: parsed.LOG_LEVEL ?? "info",
    collect: {
      enabled: parsed.COLLECT === "on",
      youtubeApiKey: parsed.YOUTUBE_API_KEY ?? null,
      youtubeDailyQuota: parsed.YOUTUBE_DAILY_QUOTA ?? 10_000,
      appStoreApps: (parsed.APPSTORE_APPS ?? "")
        .split(",")
        .filter(Boolean)
        .map((pair) => ({ appId: pair.slice(0, pair.indexOf(":")), appName: pair.slice(pair.indexOf(":") + 1) })),
      newsFeedsFile: parsed.NEWS_FEEDS_FILE ?? null,
      googleNewsUrl: parsed.GOOGLE_NEWS_URL,
      youtubeApiUrl: parsed.YOUTUBE_API_URL,
      appStoreUrl: parsed.APPSTORE_URL,
    },
    seedDemo: parsed.SEED_DEMO ?? "auto",
    demoDocuments: parsed.DEMO_DOCUMENTS ?? 20_000,
    sentimentDatasetsDir: parsed.SENTIMENT_DATASETS_DIR ?? fileURLToPath(new URL("../../../shared/datasets/", import.meta.url)),
    trustProxy: parsed.TRUST_PROXY === "1" || parsed.TRUST_PROXY === "true",
    recaptcha: parsed.RECAPTCHA_SECRET
      ? {
          secret: parsed.RECAPTCHA_SECRET,
          siteKey: parsed.RECAPTCHA_SITE_KEY ?? null,
          verifyUrl: parsed.RECAPTCHA_VERIFY_URL ?? "https://www.google.com/recaptcha/api/siteverify",
        }
      : null,
    sms: smsConfig(parsed),
    mail: mailConfig(parsed),
    figureCacheSeconds: parsed.FIGURE_CACHE_SECONDS ?? 30,
    mentionRetentionMonths: parsed.MENTION_RETENTION_MONTHS ?? null,
    meta: metaConfig(parsed),
    threads: graphApp(parsed, "THREADS", {
      appId: parsed.THREADS_APP_ID,
      appSecret: parsed.THREADS_APP_SECRET,
      graphUrl: parsed.THREADS_GRAPH_URL ?? "https://graph.threads.net",
      oauthUrl: parsed.THREADS_OAUTH_URL ?? "https://threads.net/oauth/authorize",
    }),
    zalo: zaloConfig(parsed),
    tiktok: graphApp(parsed, "TIKTOK", {
      appId: parsed.TIKTOK_APP_ID,
      appSecret: parsed.TIKTOK_APP_SECRET,
      graphUrl: parsed.TIKTOK_API_URL ?? "https://business-api.tiktok.com/open_api/v1.3",
      oauthUrl: parsed.TIKTOK_OAUTH_URL ?? "https://www.tiktok.com/v2/auth/authorize/",
    }),
    linkedin: graphApp(parsed, "LINKEDIN", {
      appId: parsed.LINKEDIN_CLIENT_ID,
      appSecret: parsed.LINKEDIN_CLIENT_SECRET,
      graphUrl: parsed.LINKEDIN_API_URL ?? "https://api.linkedin.com",
      oauthUrl: parsed.LINKEDIN_OAUTH_URL ?? "https://www.linkedin.com/oauth/v2/authorization",
    }),
    connectionKeys: connectionKeys(parsed),
  };
}

/** ZALO_APP_ID, ZALO_APP_SECRET and ZALO_OA_SECRET_KEY go together, and with CONNECTIONS_KEY; none: not configured. */
function zaloConfig(env: typeof EnvSchema.infer): ZaloApp | null {
  const given = [env.ZALO_APP_ID, env.ZALO_APP_SECRET, env.ZALO_OA_SECRET_KEY];
  if (given.every((v) => !v)) return null;
  if (!env.ZALO_APP_ID || !env.ZALO_APP_SECRET || !env.ZALO_OA_SECRET_KEY || !env.CONNECTIONS_KEY) {
    throw new ConfigError("Invalid configuration:\n  - ZALO_APP_ID, ZALO_APP_SECRET, ZALO_OA_SECRET_KEY and CONNECTIONS_KEY go together");
  }
  return {
    appId: env.ZALO_APP_ID,
    appSecret: env.ZALO_APP_SECRET,
    oaSecretKey: env.ZALO_OA_SECRET_KEY,
    oauthUrl: (env.ZALO_OAUTH_URL ?? "https://oauth.zaloapp.com").replace(/\/+$/, ""),
    apiUrl: (env.ZALO_API_URL ?? "https://openapi.zalo.me").replace(/\/+$/, ""),
  };
}

function metaConfig(env: typeof EnvSchema.infer): Config["meta"] {
  const app = graphApp(env, "META", {
    appId: env.META_APP_ID,
    appSecret: env.META_APP_SECRET,
    graphUrl: env.META_GRAPH_URL ?? "https://graph.facebook.com/v21.0",
    oauthUrl: env.META_OAUTH_URL ?? "https://www.facebook.com/v21.0/dialog/oauth",
  });
  return app && { ...app, verifyToken: env.META_VERIFY_TOKEN ?? null, publicContent: env.META_PUBLIC_CONTENT === "on" };
}

/** `<PREFIX>_APP_ID` and `<PREFIX>_APP_SECRET` go together, and with CONNECTIONS_KEY; neither: not configured. */
function graphApp(
  env: typeof EnvSchema.infer,
  prefix: "META" | "THREADS" | "TIKTOK" | "LINKEDIN",
  app: { appId?: string; appSecret?: string; graphUrl: string; oauthUrl: string },
): GraphApp | null {
  if (!app.appId && !app.appSecret) return null;
  if (!app.appId || !app.appSecret || !env.CONNECTIONS_KEY) {
    // LinkedIn names its app's credentials a client id and secret.
    const [id, secret] = prefix === "LINKEDIN" ? ["CLIENT_ID", "CLIENT_SECRET"] : ["APP_ID", "APP_SECRET"];
    throw new ConfigError(`Invalid configuration:\n  - ${prefix}_${id} needs ${prefix}_${secret} and CONNECTIONS_KEY (and the reverse)`);
  }
  return { appId: app.appId, appSecret: app.appSecret, graphUrl: app.graphUrl.replace(/\/+$/, ""), oauthUrl: app.oauthUrl };
}

function connectionKeys(env: typeof EnvSchema.infer): Buffer[] {
  const keys = (env.CONNECTIONS_KEY ?? "")
    .split(",")
    .filter(Boolean)
    .map((key) => Buffer.from(key, "base64"));
  if (keys.some((key) => key.length !== 32)) {
    throw new ConfigError("Invalid configuration:\n  - CONNECTIONS_KEY holds base64 keys of 32 bytes each (openssl rand -base64 32)");
  }
  return keys;
}

function smsConfig(env: typeof EnvSchema.infer): Config["sms"] {
  if (env.SMS_PROVIDER !== "http") return { provider: "console" };
  if (!env.SMS_HTTP_URL || !env.SMS_HTTP_KEY) {
    throw new ConfigError("Invalid configuration:\n  - SMS_PROVIDER=http needs SMS_HTTP_URL and SMS_HTTP_KEY");
  }
  return { provider: "http", url: env.SMS_HTTP_URL, key: env.SMS_HTTP_KEY, brandName: env.SMS_BRAND_NAME ?? "NGHE" };
}

function mailConfig(env: typeof EnvSchema.infer): Config["mail"] {
  if (env.SMTP_URL && (!env.MAIL_FROM || !env.SALES_EMAIL)) {
    throw new ConfigError("Invalid configuration:\n  - SMTP_URL needs MAIL_FROM and SALES_EMAIL");
  }
  return {
    smtpUrl: env.SMTP_URL ?? null,
    from: env.MAIL_FROM ?? "Nghe <no-reply@localhost>",
    salesEmail: env.SALES_EMAIL ?? "sales@localhost",
  };
}
