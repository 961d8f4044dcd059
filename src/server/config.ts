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
  "SUPPORT_PHONE?": "string > 0",
  "LOG_LEVEL?": "'debug' | 'info' | 'warn' | 'error' | 'silent'",
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  role: "web" | "worker" | "all";
  env: "development" | "production" | "test";
  supportPhone: string;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
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
    env: parsed.NODE_ENV ?? "development",
    supportPhone: parsed.SUPPORT_PHONE ?? "1900 636 019",
    logLevel: parsed.LOG_LEVEL ?? "info",
  };
}
