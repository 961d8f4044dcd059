import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { finish, runEntry, tempDataDir } from "./helpers/server.ts";
import { throwawayPostgres } from "./helpers/throwaway-postgres.ts";

const ROWS = 6000;

function bigClippingsFile(): string {
  const lines = ["channel,published_at,source_name,title,content,external_id"];
  for (let i = 0; i < ROWS; i += 1) {
    lines.push(
      `paper,2026-11-${String(1 + (i % 20)).padStart(2, "0")} 06:30,Báo Tuổi Trẻ,Tin số ${i},"Highlands Coffee và Trung Nguyên cạnh tranh thị phần cà phê, bài ${i}",clip-${i}`,
    );
  }
  const file = join(tmpdir(), `nghe-clips-${process.pid}-${Date.now()}.csv`);
  writeFileSync(file, lines.join("\n"));
  return file;
}

const status = async (env: Record<string, string>) =>
  JSON.parse((await finish(runEntry("src/server/cli.ts", ["status"], env))).stdout) as { documents: number };

const databases = throwawayPostgres("crash");
afterAll(() => databases.dropAll());

const targets: [string, () => Promise<Record<string, string>>][] = [
  ["PGlite", async () => ({ DATA_DIR: tempDataDir() })],
  ...(process.env.DATABASE_URL
    ? [["PostgreSQL", async () => ({ DATABASE_URL: await databases.create() })] as [string, () => Promise<Record<string, string>>]]
    : []),
];

test.each(targets)(
  "%s: kill -9 in the middle of a large import, run it again: every document is stored exactly once",
  async (_name, target) => {
    const env = await target();
    const file = bigClippingsFile();
    const first = runEntry("src/server/cli.ts", ["import", file], env);
    first.stdin!.end();
    await new Promise<void>((resolve, reject) => {
      let err = "";
      first.stderr!.on("data", (chunk: Buffer) => {
        err += chunk.toString();
        // Killed after the second batch committed and while the third is under way.
        if (err.includes(`imported 2000/${ROWS}`)) {
          first.kill("SIGKILL");
          resolve();
        }
      });
      first.on("exit", () => reject(new Error(`import ended before it could be killed:\n${err}`)));
    });
    await new Promise((resolve) => first.once("exit", resolve));
    const partial = (await status(env)).documents;
    expect(partial).toBeGreaterThanOrEqual(2000);
    expect(partial).toBeLessThan(ROWS);

    const second = await finish(runEntry("src/server/cli.ts", ["import", file], env));
    expect(second.code).toBe(0);
    const summary = JSON.parse(second.stdout) as { inserted: number; rows: number };
    expect(summary.inserted).toBe(ROWS - partial);
    expect((await status(env)).documents).toBe(ROWS);
  },
);
