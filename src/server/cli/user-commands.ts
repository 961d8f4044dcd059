import { ACCOUNT_TYPE } from "../../shared/account.ts";
import { CHANNELS } from "../../shared/channels.ts";
import { listOutbox } from "../services/notifications/index.ts";
import { listUsers, setReportReceiving, setUserChannels, findUserByUsername } from "../services/users/index.ts";
import { setAccountType } from "../services/auth/index.ts";
import type { Deps } from "../deps.ts";
import { done, failed, type DbCommand } from "./command.ts";

const TYPE_NAMES = ["trial", "contracted", "locked"] as const;
const lines = (rows: unknown[]) => rows.map((row) => `${JSON.stringify(row)}\n`).join("");

async function userOrFail(deps: Deps, username: string | undefined) {
  return username ? findUserByUsername(deps.db, username) : undefined;
}

/** `user <sub-command>`: staff changes that customers cannot make themselves (plan, lock, channels). */
export const userCommand: DbCommand = {
  name: "user",
  usage:
    "user list | user set-type <username> trial|contracted|locked (locking revokes sessions and API keys for good) | user approve-upgrade <username> | " +
    "user outbox <username> | user set-channels <username> all|<id,id,…> | user set-reports <username> on|off",
  async run(deps, [sub, username, value]) {
    if (sub === "list") {
      const rows = await listUsers(deps);
      return done(lines(rows.map((r) => ({ ...r, account_type: TYPE_NAMES[r.account_type] }))));
    }
    const user = await userOrFail(deps, username);
    if (!user) return failed(`No account with username "${username ?? ""}".\n`);
    const now = deps.now();

    if (sub === "set-type") {
      if (!(value && Object.hasOwn(ACCOUNT_TYPE, value))) return failed("The type must be trial, contracted or locked.\n", 2);
      await setAccountType(deps.db, user.id, ACCOUNT_TYPE[value as keyof typeof ACCOUNT_TYPE], now);
      return done(`${user.username}: ${value}${value === "locked" ? " (sessions and API keys revoked)" : ""}\n`);
    }
    if (sub === "approve-upgrade") {
      await setAccountType(deps.db, user.id, ACCOUNT_TYPE.contracted, now);
      return done(`${user.username}: contracted\n`);
    }
    if (sub === "outbox") {
      return done(lines(await listOutbox(deps, user)));
    }
    if (sub === "set-channels") {
      const ids = value === "all" ? [] : (value ?? "").split(",").map(Number);
      if (value !== "all" && (ids.length === 0 || ids.some((id) => !CHANNELS.some((c) => c.id === id)))) {
        return failed("Give channel ids 1–15 separated by commas, or all.\n", 2);
      }
      await setUserChannels(deps, user.id, ids);
      return done(`${user.username}: ${value === "all" ? "all channels" : ids.join(",")}\n`);
    }
    if (sub === "set-reports") {
      if (value !== "on" && value !== "off") return failed("Reports must be on or off.\n", 2);
      await setReportReceiving(deps, user.id, value === "on");
      return done(`${user.username}: reports ${value}\n`);
    }
    return failed(`Unknown user command. Usage: ${userCommand.usage}\n`, 2);
  },
};
