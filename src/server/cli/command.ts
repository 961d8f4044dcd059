import type { Kysely } from "kysely";
import type { Config } from "../config.ts";
import type { DatabaseKind } from "../db/client.ts";
import type { Database } from "../db/schema.ts";
import type { Matcher } from "../nlp/match.ts";
import type { ClassifySentiment } from "../services/pipeline/sentiment-port.ts";

export type CommandDeps = {
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  config: Config;
  now: () => Date;
  classify: ClassifySentiment;
  matcher: () => Promise<Matcher>;
  /** Progress of long commands, shown as it happens when the CLI runs the command itself. */
  progress?: (line: string) => void;
};
export type CommandResult = { exitCode: number; stdout: string; stderr: string };

/** A staff command that works on the database; it runs in the CLI process or, when a server holds the data folder, inside it. */
export type DbCommand = {
  name: string;
  usage: string;
  /** The first argument names a file the CLI reads and sends as the command's input. */
  readsFile?: boolean;
  run(deps: CommandDeps, args: string[], input: string): Promise<CommandResult>;
};

export const done = (stdout: string): CommandResult => ({ exitCode: 0, stdout, stderr: "" });
export const failed = (stderr: string, exitCode = 1): CommandResult => ({ exitCode, stdout: "", stderr });
