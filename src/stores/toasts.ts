import { atom } from "nanostores";
import { NOTIFICATION_MS } from "../shared/limits.ts";

export type Toast = { id: number; kind: "success" | "error"; text: string; closable: boolean };

const PENDING_KEY = "nghe.pendingToast";
let nextId = 1;

/** Top-right notices (spec §8): green success, red errors, gone after 4.5 s. */
export const $toasts = atom<Toast[]>([]);

export function showToast(kind: Toast["kind"], text: string, options: { closable?: boolean } = {}): void {
  const toast = { id: nextId++, kind, text, closable: options.closable ?? true };
  $toasts.set([...$toasts.get(), toast]);
  setTimeout(() => dismissToast(toast.id), NOTIFICATION_MS);
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

/** A notice for the next page, shown after a navigation (login → home, register → home). */
export function showToastAfterNavigation(kind: Toast["kind"], text: string, options: { closable?: boolean } = {}): void {
  sessionStorage.setItem(PENDING_KEY, JSON.stringify({ kind, text, closable: options.closable ?? true }));
}

export function showPendingToast(): void {
  const pending = sessionStorage.getItem(PENDING_KEY);
  if (!pending) return;
  sessionStorage.removeItem(PENDING_KEY);
  const { kind, text, closable } = JSON.parse(pending) as Omit<Toast, "id">;
  showToast(kind, text, { closable });
}
