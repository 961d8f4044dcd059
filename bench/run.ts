import { readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

// Runs every bench/*.bench.ts (or only those whose name contains an argument) and lets each print its figures.
const dir = fileURLToPath(new URL(".", import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

for (const file of files) {
  console.log(`\n## ${file.replace(".bench.ts", "")}`);
  const mod = await import(pathToFileURL(dir + file).href);
  await mod.default();
}
