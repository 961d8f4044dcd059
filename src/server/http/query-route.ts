import type { Type } from "arktype";
import type { Context } from "hono";
import { parseOrThrow } from "../errors.ts";
import type { AppEnv } from "./context.ts";
import { ok } from "./envelope.ts";
import { readingQuery } from "./route-doc.ts";

/**
 * A route answering from its query string: `schema` parses it (a 422 naming the field otherwise) and is the route's
 * documented parameters; `answer` gets it typed and calls the service.
 */
export const fromQuery = <S extends Type>(schema: S, answer: (c: Context<AppEnv>, query: S["infer"]) => Promise<unknown>) =>
  readingQuery(schema, async (c: Context<AppEnv>) => ok(c, await answer(c, parseOrThrow(schema, c.req.query()))));
