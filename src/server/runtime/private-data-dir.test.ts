import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { loadConfig } from "../config.ts";
import { controlSecret } from "./control-secret.ts";
import { acquireDataDirLock } from "./data-dir-lock.ts";
import { openConfiguredDatabase } from "./database.ts";
import { makeDataDirPrivate } from "./private-data-dir.ts";

let root: string;
let umaskBefore: number;
beforeEach(() => {
  umaskBefore = process.umask();
  root = mkdtempSync(join(tmpdir(), "nghe-private-"));
});
afterEach(() => {
  process.umask(umaskBefore);
  rmSync(root, { recursive: true, force: true });
});

/** Every path under `dir` (itself included) whose mode lets group or others in, with that mode. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) found.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return found;
}

const modeOf = (path: string) => statSync(path).mode & 0o777;

test("an existing data folder loses every group/other bit, keeps the owner's, and new files are born private", () => {
  const dataDir = join(root, "data");
  mkdirSync(join(dataDir, "pglite", "base", "5"), { recursive: true });
  chmodSync(dataDir, 0o755);
  chmodSync(join(dataDir, "pglite"), 0o777);
  writeFileSync(join(dataDir, "pglite", "base", "5", "16384"), "bảng khách hàng");
  chmodSync(join(dataDir, "pglite", "base", "5", "16384"), 0o666);
  writeFileSync(join(dataDir, "nghe.lock"), "{}");
  chmodSync(join(dataDir, "nghe.lock"), 0o644);
  writeFileSync(join(dataDir, "backup.sh"), "#!/bin/sh\n");
  chmodSync(join(dataDir, "backup.sh"), 0o755);
  const outside = join(root, "shared-notes.txt");
  writeFileSync(outside, "ghi chú chung");
  chmodSync(outside, 0o644);
  symlinkSync(outside, join(dataDir, "notes-link"));

  makeDataDirPrivate(dataDir);

  expect(openToOthers(dataDir)).toEqual([]);
  expect(modeOf(dataDir)).toBe(0o700);
  expect(modeOf(join(dataDir, "pglite", "base", "5", "16384"))).toBe(0o600);
  expect(modeOf(join(dataDir, "backup.sh"))).toBe(0o700);
  expect(modeOf(outside)).toBe(0o644);
  writeFileSync(join(dataDir, "control-secret-new"), "x");
  mkdirSync(join(dataDir, "avatars"));
  expect(modeOf(join(dataDir, "control-secret-new"))).toBe(0o600);
  expect(modeOf(join(dataDir, "avatars"))).toBe(0o700);
});

test("a missing data folder is created 0700", () => {
  const dataDir = join(root, "nested", "data");
  makeDataDirPrivate(dataDir);
  expect(modeOf(dataDir)).toBe(0o700);
});

test("after a start on the embedded database (lock, PGlite, migrations, control secret) nothing under the data folder is open to group or others", {
  timeout: 180_000,
}, async () => {
  // A permissive umask, as on many desktops, must not matter.
  process.umask(0o000);
  const dataDir = join(root, "data");
  for (let start = 0; start < 2; start += 1) {
    const lock = acquireDataDirLock(dataDir);
    const handle = await openConfiguredDatabase(loadConfig({ DATA_DIR: dataDir }));
    try {
      controlSecret(dataDir);
      expect(openToOthers(dataDir)).toEqual([]);
      expect(modeOf(dataDir)).toBe(0o700);
      expect(readdirSync(join(dataDir, "pglite")).length).toBeGreaterThan(5);
    } finally {
      await handle.close();
      lock.release();
    }
  }
  expect(openToOthers(dataDir)).toEqual([]);
});
