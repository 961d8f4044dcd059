import type { Deps } from "../deps.ts";

export type CommandResult = { exitCode: number; stdout: string; stderr: string };

/** A staff command that works on the database; it runs in the CLI process or, when a server holds the data folder, inside it. */
export type DbCommand = {
  name: string;
  usage: string;
  /** The first argument names a file the CLI reads and sends as the command's input. */
  readsFile?: boolean;
  /** Whether these arguments send e-mail or SMS: run outside the server, the shell must have the server's settings. */
  sends?: (args: string[]) => boolean;
  run(deps: Deps, args: string[], input: string, progress?: (line: string) => void): Promise<CommandResult>;
};

export const done = (stdout: string): CommandResult => ({ exitCode: 0, stdout, stderr: "" });
export const failed = (stderr: string, exitCode = 1): CommandResult => ({ exitCode, stdout: "", stderr });
