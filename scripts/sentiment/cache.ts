import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { deserialize, serialize } from "node:v8";

const CACHE_DIR = "/tmp/nghe-sentiment-cache";

/**
 * A deterministic result kept on /tmp under a key made of everything it depends on (settings, code and data files),
 * so that trying settings of one head does not refit the others. Delete the folder to start afresh.
 */
export function cached<T>(name: string, dependsOn: { settings: unknown; files: (string | URL)[] }, compute: () => T): T {
  const hash = createHash("sha256").update(JSON.stringify(dependsOn.settings));
  for (const f of dependsOn.files) hash.update(readFileSync(f));
  const path = `${CACHE_DIR}/${name}-${hash.digest("hex").slice(0, 16)}.v8`;
  if (existsSync(path)) return deserialize(readFileSync(path)) as T;
  const value = compute();
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(path, serialize(value));
  return value;
}
