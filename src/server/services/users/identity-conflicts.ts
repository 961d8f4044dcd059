import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError, type Message } from "../../errors.ts";

type Identity = { username?: string; phone?: string; email?: string };

/**
 * Refuses with 409 and a message per taken field when a verified account (other than `exceptUserId`) already uses the
 * username, phone or e-mail. Unverified registrations do not count: they are replaced.
 */
export async function assertIdentityFree(db: Kysely<Database>, identity: Identity, exceptUserId?: number): Promise<void> {
  let query = db
    .selectFrom("users")
    .select(["username", "phone", "email"])
    .where("verified_at", "is not", null)
    .where((eb) =>
      eb.or([
        ...(identity.username ? [eb(eb.fn("lower", ["username"]), "=", identity.username.toLowerCase())] : []),
        ...(identity.phone ? [eb("phone", "=", identity.phone)] : []),
        ...(identity.email ? [eb(eb.fn("lower", ["email"]), "=", identity.email.toLowerCase())] : []),
      ]),
    );
  if (exceptUserId !== undefined) query = query.where("id", "!=", exceptUserId);
  const taken = await query.execute();
  const fields: Record<string, Message[]> = {};
  for (const row of taken) {
    if (identity.username && row.username.toLowerCase() === identity.username.toLowerCase())
      fields.username = [{ key: "auth.username_taken" }];
    if (identity.phone && row.phone === identity.phone) fields.phone = [{ key: "auth.phone_taken" }];
    if (identity.email && row.email.toLowerCase() === identity.email.toLowerCase()) fields.email = [{ key: "auth.email_taken" }];
  }
  if (Object.keys(fields).length > 0) throw new AppError(409, fields);
}

/** Unique-index violations from a concurrent request end the same way as the check above. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string })?.code === "23505";
}
