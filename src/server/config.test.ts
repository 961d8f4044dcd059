import { expect, test } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

test("defaults give an embedded database on port 4321", () => {
  const config = loadConfig({});
  expect(config).toMatchObject({ port: 4321, databaseUrl: undefined, dataDir: "./data", role: "all", env: "development" });
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
