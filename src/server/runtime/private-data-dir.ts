import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";

const GROUP_AND_OTHER = 0o077;

/**
 * The data folder holds several companies' data: only its owner may read it. New files get no group/other bits
 * (umask), and a walk removes them from what is already there — PGlite gives the database files it unpacks mode 666
 * whatever the umask, so the walk runs again once the database is open.
 */
export function makeDataDirPrivate(dataDir: string): void {
  process.umask(GROUP_AND_OTHER);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  restrictTree(dataDir);
}

function restrictTree(path: string): void {
  const stat = lstatSync(path);
  // A link's target may lie outside the folder; it is left alone.
  if (stat.isSymbolicLink()) return;
  // The owner's own bits stay as they are (0666 becomes 0600, 0755 becomes 0700).
  if (stat.mode & GROUP_AND_OTHER) chmodSync(path, stat.mode & ~GROUP_AND_OTHER & 0o7777);
  if (stat.isDirectory()) for (const name of readdirSync(path)) restrictTree(join(path, name));
}
