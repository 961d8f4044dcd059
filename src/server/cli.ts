import { ConfigError, loadConfig } from "./config.ts";
import { DB_COMMANDS, findDbCommand } from "./cli/db-commands.ts";
import { runDbCommand } from "./cli/run-db-command.ts";
import { DataDirBusyError } from "./runtime/data-dir-lock.ts";

/** Staff command line: `npm run --silent nghe -- <command> [args]`. */
async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? findDbCommand(name) : undefined;
  if (!command) {
    process.stderr.write(`${name ? `Unknown command: ${name}\n` : ""}Usage: npm run --silent nghe -- <command>\n`);
    for (const c of DB_COMMANDS) process.stderr.write(`  ${c.usage}\n`);
    return 2;
  }
  const input = command.readsInput ? await readStdin() : "";
  const result = await runDbCommand(loadConfig(), command, args, input);
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  return result.exitCode;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof DataDirBusyError;
    process.stderr.write(`${known ? (error as Error).message : String((error as Error)?.stack ?? error)}\n`);
    process.exit(1);
  },
);
