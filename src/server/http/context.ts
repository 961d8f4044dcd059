import type { Kysely } from "kysely";
import type { Lang } from "../../i18n/index.ts";
import type { Config } from "../config.ts";
import type { DatabaseKind } from "../db/client.ts";
import type { Database } from "../db/schema.ts";
import type { Logger } from "../log.ts";
import type { Matcher } from "../nlp/match.ts";
import type { MailProvider } from "../notify/mail.ts";
import type { SmsProvider } from "../notify/sms.ts";
import type { ClassifySentiment } from "../services/pipeline/sentiment-port.ts";

/** Everything a request handler may use; tests build it with their own database and clock. */
export type AppDeps = {
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  config: Config;
  log: Logger;
  now: () => Date;
  sms: SmsProvider;
  mail: MailProvider;
  classify: ClassifySentiment;
  /** Every project's keywords in one matcher, rebuilt when projects change. */
  matcher: () => Promise<Matcher>;
  /** Folder of the built site; absent in API-only tests. */
  distDir?: string;
};

export type AuthUser = { id: number; sessionId: number; accountType: 0 | 1 | 2 };

export type AppEnv = { Variables: { lang: Lang; deps: AppDeps; user: AuthUser; clientIp: string } };
