import type { Kysely } from "kysely";
import type { Lang } from "../../i18n/index.ts";
import type { Config } from "../config.ts";
import type { DatabaseKind } from "../db/client.ts";
import type { Database } from "../db/schema.ts";
import type { Logger } from "../log.ts";

/** Everything a request handler may use; tests build it with their own database and clock. */
export type AppDeps = {
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  config: Config;
  log: Logger;
  now: () => Date;
  /** Folder of the built site; absent in API-only tests. */
  distDir?: string;
};

export type AppEnv = { Variables: { lang: Lang; deps: AppDeps } };
