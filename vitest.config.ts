import { defineConfig } from "vitest/config";

// expect.poll waits on a condition; its default of one second is a timer in disguise on a busy machine.
const expect = { poll: { timeout: 30_000 } };

// One project per scenario: API suites run on the embedded PGlite and, when DATABASE_URL is set, again on PostgreSQL.
const apiOn = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    include: ["tests/api/**/*.test.ts", "tests/jobs/**/*.test.ts", "tests/security/**/*.test.ts"],
    env,
    expect,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts", "tests/architecture/**/*.test.ts"],
          expect,
          testTimeout: 20_000,
        },
      },
      apiOn("api-pglite", { NGHE_TEST_DB: "pglite" }),
      ...(process.env.DATABASE_URL ? [apiOn("api-postgres", { NGHE_TEST_DB: "postgres" })] : []),
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          fileParallelism: false,
          expect,
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
