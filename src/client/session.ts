import { atom } from "nanostores";
import { deleteCookie, readCookie, writeCookie } from "./cookies.ts";
import type { Channel, User } from "./types.ts";

const COOKIES = ["accountInfo", "accessToken", "user_id", "phone"] as const;

function storedUser(): User | null {
  try {
    return JSON.parse(readCookie("accountInfo") ?? "null") as User | null;
  } catch {
    return null;
  }
}

const inBrowser = typeof document !== "undefined";

export const $accessToken = atom<string | null>(inBrowser ? readCookie("accessToken") : null);
export const $user = atom<User | null>(inBrowser ? storedUser() : null);
export const $channels = atom<Channel[]>([]);

/** Keeps the session in the spec's cookies (accountInfo, accessToken, user_id, phone) for 30 days. */
export function saveSession(token: string, user: User): void {
  writeCookie("accessToken", token);
  saveUser(user);
  $accessToken.set(token);
}

export function saveUser(user: User): void {
  writeCookie("accountInfo", JSON.stringify(user));
  writeCookie("user_id", String(user.id));
  writeCookie("phone", user.phone);
  $user.set(user);
}

/** Logout on the client: every trace of the session goes, the caller decides where to navigate. */
export function clearSession(): void {
  for (const name of COOKIES) deleteCookie(name);
  $accessToken.set(null);
  $user.set(null);
  $channels.set([]);
}
