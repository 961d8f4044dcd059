import { currentVersion } from "../db/migrate.ts";
import { done, type DbCommand } from "./command.ts";

export const statusCommand: DbCommand = {
  name: "status",
  usage: "status — database kind, migration version, row counts, and which process ran the command",
  async run(deps) {
    const migration = await currentVersion(deps.db);
    const count = async (table: "users" | "projects" | "documents" | "mentions") =>
      Number((await deps.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const counts = { users: await count("users"), projects: await count("projects"), documents: await count("documents"), mentions: await count("mentions") };
    return done(`${JSON.stringify({ database: deps.dbKind, migration, pid: process.pid, ...counts })}\n`);
  },
};
