import type { Kysely, Selectable } from "kysely";
import { CHANNELS } from "../../../shared/channels.ts";
import type { UserView } from "../../../shared/user.ts";
import type { Database, UsersTable } from "../../db/schema.ts";

export type UserRow = Selectable<UsersTable>;

export type { UserView };

/** Channels enabled for the account: all of them unless staff restricted the account to a list. */
export async function userChannelIds(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db.selectFrom("user_channels").select("channel_id").where("user_id", "=", userId).orderBy("channel_id").execute();
  return rows.length > 0 ? rows.map((r) => r.channel_id) : CHANNELS.map((c) => c.id);
}

export async function userView(db: Kysely<Database>, user: UserRow): Promise<UserView> {
  return {
    id: user.id,
    username: user.username,
    full_name: user.full_name,
    phone: user.phone,
    company: user.company,
    email: user.email,
    avatar_url: user.avatar_key ? `/api/avatar/${user.avatar_key}` : null,
    account_type: user.account_type,
    is_waiting_for_upgrade: user.is_waiting_for_upgrade,
    channels: await userChannelIds(db, user.id),
  };
}

export function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findUserByUsername(db: Kysely<Database>, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["username"]), "=", username.trim().toLowerCase()))
    .executeTakeFirst();
}

export function findUserByPhone(db: Kysely<Database>, phone: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("phone", "=", phone).executeTakeFirst();
}
