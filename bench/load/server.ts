import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runEntry } from "../../tests/e2e/helpers/server.ts";

export type LoadServer = { url: string; output(): string; stop(): Promise<void> };

/** A first start may build the site and seed the demo before it listens, minutes on a busy machine. */
const START_TIMEOUT_MS = 15 * 60_000;
const STOP_TIMEOUT_MS = 30_000;

/**
 * Starts the real server (the entry `npm start` runs) on loopback with its own temporary data folder, and waits until
 * it listens. Unlike the tests' startServer it allows a first start minutes more (seeding 20,000 demo documents on a
 * busy machine) and removes the folder when it stops, also after a failed start.
 */
export async function startLoadServer(env: Record<string, string>): Promise<LoadServer> {
  const dir = mkdtempSync(join(tmpdir(), "nghe-load-"));
  const child = runEntry("src/server/main.ts", [], { PORT: "0", HOST: "127.0.0.1", DATA_DIR: join(dir, "data"), ...env });
  let out = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGINT");
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  let timer: NodeJS.Timeout | undefined;
  try {
    const port = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        out += chunk.toString();
        const match = /listening on http:\/\/localhost:(\d+)/.exec(out);
        if (match) resolve(match[1]);
      };
      child.stdout?.on("data", onData);
      child.stderr?.on("data", onData);
      void exited.then(() => reject(new Error(`server exited before listening:\n${out}`)));
      timer = setTimeout(
        () => reject(new Error(`server did not listen within ${START_TIMEOUT_MS / 60_000} minutes:\n${out}`)),
        START_TIMEOUT_MS,
      );
    });
    return { url: `http://127.0.0.1:${port}`, output: () => out, stop };
  } catch (error) {
    await stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
