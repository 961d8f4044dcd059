import { readFileSync } from "node:fs";
import { ConfigError, loadConfig } from "./config.ts";
import { DB_COMMANDS, findDbCommand } from "./cli/db-commands.ts";
import { NLP_COMMANDS, runLines, UsageError } from "./cli/nlp-commands.ts";
import { runDbCommand } from "./cli/run-db-command.ts";
import { DataDirBusyError } from "./runtime/data-dir-lock.ts";

/** Staff command line: `npm run --silent nghe -- <command> [args]`. */
async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name && Object.hasOwn(NLP_COMMANDS, name)) {
    await runLines(NLP_COMMANDS[name].handler(args), process.stdin, process.stdout);
    return 0;
  }
  const command = name ? findDbCommand(name) : undefined;
  if (!command) {
    process.stderr.write(`${name ? `Unknown command: ${name}\n` : ""}Usage: npm run --silent nghe -- <command>\n`);
    for (const c of [...Object.values(NLP_COMMANDS), ...DB_COMMANDS]) process.stderr.write(`  ${c.usage}\n`);
    return 2;
  }
  const input = command.readsFile ? readInputFile(args[0]) : "";
  const result = await runDbCommand(loadConfig(), command, args, input);
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  return result.exitCode;
}

function readInputFile(path: string | undefined): string {
  if (!path) throw new Error("Give the file to read.");
  return readFileSync(path, "utf8");
}

/** Exits only once everything written has reached a piped stdout. */
const flushThenExit = (code: number) => process.stdout.write("", () => process.exit(code));

main(process.argv.slice(2)).then(flushThenExit, (error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  const known = error instanceof ConfigError || error instanceof DataDirBusyError;
  process.stderr.write(`${known ? (error as Error).message : String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});
