import type { DbCommand } from "./command.ts";
import { contactCommand } from "./contact-commands.ts";
import { crisisCommand } from "./crisis-commands.ts";
import { listCommand } from "./list-commands.ts";
import { apiKeyCommand, importCommand, seedDemoCommand } from "./pipeline-commands.ts";
import { reportCommand } from "./report-commands.ts";
import { sentimentCommand } from "./sentiment-commands.ts";
import { statusCommand } from "./status.ts";
import { userCommand } from "./user-commands.ts";

export const DB_COMMANDS: readonly DbCommand[] = [
  statusCommand,
  userCommand,
  seedDemoCommand,
  importCommand,
  apiKeyCommand,
  listCommand,
  contactCommand,
  reportCommand,
  crisisCommand,
  sentimentCommand,
];

export function findDbCommand(name: string): DbCommand | undefined {
  return DB_COMMANDS.find((c) => c.name === name);
}
