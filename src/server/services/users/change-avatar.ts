import { randomBytes } from "node:crypto";
import { AppError } from "../../errors.ts";
import type { Deps } from "../../deps.ts";
import { showUser } from "./show-user.ts";
import type { UserView } from "./user-view.ts";

export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;

/** The image type from the file's first bytes; names and declared types are not trusted. */
function sniffImageType(bytes: Uint8Array): "image/jpeg" | "image/png" | "image/webp" | null {
  const starts = (signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

/** Stores the picture under a new random key (so caches never serve an old one) and drops the previous one. */
export async function changeAvatar(deps: Deps, userId: number, file: File | undefined): Promise<UserView> {
  if (!file) throw AppError.of(422, "avatar.missing", undefined, "avatar");
  if (file.size > MAX_AVATAR_BYTES) throw AppError.of(422, "avatar.too_large", undefined, "avatar");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = sniffImageType(bytes);
  if (!contentType) throw AppError.of(422, "avatar.wrong_type", undefined, "avatar");
  const key = randomBytes(16).toString("hex");
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("user_avatars").where("user_id", "=", userId).execute();
    await trx
      .insertInto("user_avatars")
      .values({ key, user_id: userId, content_type: contentType, bytes: Buffer.from(bytes), created_at: now })
      .execute();
    await trx.updateTable("users").set({ avatar_key: key, updated_at: now }).where("id", "=", userId).execute();
  });
  return showUser(deps, userId);
}
