import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

export type RunningServer = {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

export function tempDataDir(): string {
  return join(mkdtempSync(join(tmpdir(), "nghe-e2e-")), "data");
}

/** Runs an entry point of the project with the given environment, exactly as `npm start` / `npm run nghe` do. */
export function runEntry(entry: string, args: string[], env: Record<string, string>): ChildProcess {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return spawn(process.execPath, ["--import", "tsx", entry, ...args], {
    cwd: ROOT,
    // The demo account is created only where a test asks for it (SEED_DEMO=auto).
    env: { ...inherited, LOG_LEVEL: "info", SEED_DEMO: "off", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
}

/** Starts the real server on a free port with its own embedded data folder (or the given env) and waits until it listens. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  return startUntil(env, /listening on (http:\/\/localhost:\d+)/);
}

/**
 * Starts a worker (NGHE_ROLE=worker with the given env) and waits until its job runner works the queues; a worker serves
 * no HTTP, so its `url` is empty.
 */
export async function startWorker(env: Record<string, string>): Promise<RunningServer> {
  return startUntil({ NGHE_ROLE: "worker", ...env }, /Collectors (?:on|off)/);
}

/** Starts src/server/main.ts and waits for the first output line matching `ready` (its first group, if any, is the url). */
async function startUntil(env: Record<string, string>, ready: RegExp): Promise<RunningServer> {
  const child = runEntry("src/server/main.ts", [], { PORT: "0", ...env });
  let out = "";
  let guard: NodeJS.Timeout | undefined;
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = ready.exec(out);
      if (match) resolve(match[1] ?? "");
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited with ${code} before it was ready:\n${out}`)));
    // Only a guard against a hang: the first start seeds 20,000 demo documents, which takes minutes on a busy machine.
    // A server that hangs is ended, so that it cannot keep the test run alive.
    guard = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start in time:\n${out}`));
    }, 280_000);
  }).finally(() => clearTimeout(guard));
  return {
    url,
    child,
    output: () => out,
    stop: (signal = "SIGINT") =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once("exit", (code) => resolve(code));
        child.kill(signal);
      }),
  };
}

/** Runs a process to its end and collects what it printed. */
export function finish(child: ChildProcess, input = ""): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
  child.stdin!.end(input);
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
}
