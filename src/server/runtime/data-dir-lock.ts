import { readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeDataDirPrivate } from "./private-data-dir.ts";

type LockInfo = { pid: number; startedAt: string; controlPort: number | null };

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Nghe server (pid ${holder.pid}, started ${holder.startedAt}). ` +
        "Stop that server first, or start this one with another DATA_DIR or a DATABASE_URL. " +
        "Staff commands (npm run nghe -- …) reach the running server by themselves.",
    );
  }
}

const lockFile = (dataDir: string) => join(dataDir, "nghe.lock");

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The lock of a live process, or null when the folder is free (a lock left by a dead process counts as free). */
export function readLiveLock(dataDir: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(lockFile(dataDir), "utf8")) as LockInfo;
    return isAlive(info.pid) && info.pid !== process.pid ? info : null;
  } catch {
    return null;
  }
}

export type DataDirLock = { setControlPort(port: number): void; release(): void };

/**
 * PGlite corrupts a data folder opened by two processes at once, so exactly one process may hold it.
 * The lock file is created exclusively; a stale one (its process is gone) is replaced. Taking the lock is the first
 * thing a server or CLI does with the folder, so this is where it is made private.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  makeDataDirPrivate(dataDir);
  const file = lockFile(dataDir);
  const info: LockInfo = { pid: process.pid, startedAt: new Date().toISOString(), controlPort: null };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, JSON.stringify(info), { flag: "wx" });
      return {
        setControlPort(port) {
          writeFileSync(file, JSON.stringify({ ...info, controlPort: port }));
        },
        release() {
          const current = readLockedPid(file);
          if (current === process.pid) unlinkSync(file);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readLiveLock(dataDir);
      if (holder) throw new DataDirBusyError(dataDir, holder);
      unlinkSync(file);
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function readLockedPid(file: string): number | null {
  try {
    return (JSON.parse(readFileSync(file, "utf8")) as LockInfo).pid;
  } catch {
    return null;
  }
}
