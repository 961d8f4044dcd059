import { currentVersion } from "../db/migrate.ts";
import { done, type DbCommand } from "./command.ts";

export const statusCommand: DbCommand = {
  name: "status",
  usage: "status — database kind, migration version and who ran the command",
  async run(deps) {
    const migration = await currentVersion(deps.db);
    return done(`${JSON.stringify({ database: deps.dbKind, migration, pid: process.pid })}\n`);
  },
};
