import type { Generated } from "kysely";

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: Generated<Date>;
}

export interface Database {
  schema_migrations: SchemaMigrationsTable;
}
