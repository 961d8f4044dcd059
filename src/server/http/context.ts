import type { Lang } from "../../i18n/index.ts";
import type { Deps } from "../deps.ts";
import type { AuthUser } from "../services/auth/index.ts";

export type AppEnv = { Variables: { lang: Lang; deps: Deps; user: AuthUser; clientIp: string } };
