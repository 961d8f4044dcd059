import { type, type Type } from "arktype";
import { FUTURE_TOLERANCE_MS } from "../../../shared/schemas/ingest.ts";

/**
 * An incoming document checked by its schema and by the one rule that needs the clock: published at most a day after
 * `now`. The errors name their fields, as the ingest API reports them.
 */
export function checkDocument<T extends { published_at: string }>(
  schema: Type<T>,
  item: unknown,
  now: Date,
): { value: T } | { errors: string[] } {
  const parsed = schema(item);
  if (parsed instanceof type.errors) return { errors: [...parsed].map((e) => e.message) };
  const value = parsed as T;
  if (new Date(value.published_at).getTime() > now.getTime() + FUTURE_TOLERANCE_MS)
    return { errors: [`published_at must be at most a day from now (was "${value.published_at}")`] };
  return { value };
}
