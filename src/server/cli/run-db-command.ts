import { resolve } from "node:path";
import type { Config } from "../config.ts";
import { createDeps } from "../deps.ts";
import { controlSecret } from "../runtime/control-secret.ts";
import type { ControlRequest } from "./control-server.ts";
import { acquireDataDirLock, readLiveLock } from "../runtime/data-dir-lock.ts";
import { openConfiguredDatabase } from "../runtime/database.ts";
import type { CommandResult, DbCommand } from "./command.ts";
import { sendingSettingsProblems } from "./sending-settings.ts";

/**
 * With an embedded database held by a running server, the command runs inside that server (over loopback, with the
 * data folder's secret); otherwise this process opens the database itself, holding the folder's lock meanwhile, and a
 * command that sends refuses unless this shell has a real mail and SMS provider and the site's address.
 */
export async function runDbCommand(
  config: Config,
  command: DbCommand,
  args: string[],
  input: string,
  env: Record<string, string | undefined> = process.env,
): Promise<CommandResult> {
  const dataDir = resolve(config.dataDir);
  if (!config.databaseUrl) {
    const holder = readLiveLock(dataDir);
    if (holder) {
      if (!holder.controlPort)
        return { exitCode: 1, stdout: "", stderr: "The server holding the data folder is still starting; try again in a moment.\n" };
      return sendToServer(holder.controlPort, controlSecret(dataDir), { command: command.name, args, input });
    }
  }
  const problems = command.sends?.(args) ? sendingSettingsProblems(config, env) : [];
  if (problems.length > 0) return { exitCode: 1, stdout: "", stderr: refusal(command, problems) };
  const lock = config.databaseUrl ? null : acquireDataDirLock(dataDir);
  try {
    const handle = await openConfiguredDatabase(config);
    try {
      return await command.run(createDeps(config, handle), args, input, (line) => process.stderr.write(`${line}\n`));
    } finally {
      await handle.close();
    }
  } finally {
    lock?.release();
  }
}

async function sendToServer(port: number, secret: string, request: ControlRequest): Promise<CommandResult> {
  const response = await fetch(`http://127.0.0.1:${port}/run`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-nghe-secret": secret },
    body: JSON.stringify(request),
  });
  return (await response.json()) as CommandResult;
}

function refusal(command: DbCommand, problems: string[]): string {
  return [
    `Not sent: \`${command.name}\` runs in this shell, with this shell's settings, not the server's.`,
    ...problems.map((p) => `  - ${p}`),
    "Run it with the server's environment (SMTP_URL, MAIL_FROM, SALES_EMAIL, SMS_PROVIDER and SMS_HTTP_*, SITE_URL)" +
      (command.name === "report" ? ", or check it first with --dry-run." : "."),
    "",
  ].join("\n");
}
