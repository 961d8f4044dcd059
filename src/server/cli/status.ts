import { databaseStatus } from "../services/operations/index.ts";
import { done, type DbCommand } from "./command.ts";

export const statusCommand: DbCommand = {
  name: "status",
  usage: "status — database kind, migration version, row counts, and which process ran the command",
  async run(deps) {
    return done(`${JSON.stringify({ ...(await databaseStatus(deps)), pid: process.pid })}\n`);
  },
};
