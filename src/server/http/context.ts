import type { Type } from "arktype";
import type { Lang } from "../../i18n/index.ts";
import type { Deps } from "../deps.ts";
import type { AuthUser } from "../services/auth/index.ts";

export type AppEnv = {
  Variables: {
    lang: Lang;
    deps: Deps;
    user: AuthUser;
    clientIp: string;
    /** The documented schema of the route's success `data`, which `ok` holds answers to outside production. */
    answerSchema?: Type;
  };
};
