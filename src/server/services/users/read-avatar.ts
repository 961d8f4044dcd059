import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";

/** The stored picture behind an avatar key, with the type it was checked to be at upload. */
export async function readAvatar(deps: Deps, key: string): Promise<{ content_type: string; bytes: Buffer }> {
  const avatar = await deps.db.selectFrom("user_avatars").select(["content_type", "bytes"]).where("key", "=", key).executeTakeFirst();
  if (!avatar) throw AppError.of(404, "avatar.not_found");
  return avatar;
}
