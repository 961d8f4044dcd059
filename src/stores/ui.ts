import { atom } from "nanostores";
import { DESKTOP_MIN_WIDTH, RESIZE_RECHECK_MS } from "../shared/limits.ts";

const MENU_KEY = "nghe.menuExpanded";

/** Desktop layout from 1024 px (spec §1); re-checked 50 ms after the last resize. */
export const $isDesktop = atom(typeof window === "undefined" ? true : window.innerWidth >= DESKTOP_MIN_WIDTH);

export const $menuExpanded = atom(readMenuExpanded());

export function setMenuExpanded(expanded: boolean): void {
  $menuExpanded.set(expanded);
  try {
    localStorage.setItem(MENU_KEY, expanded ? "1" : "0");
  } catch {
    // Private browsing may refuse storage; the menu still works for this page.
  }
}

function readMenuExpanded(): boolean {
  try {
    return localStorage.getItem(MENU_KEY) !== "0";
  } catch {
    return true;
  }
}

let watching = false;
export function watchDevice(): void {
  if (watching || typeof window === "undefined") return;
  watching = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  window.addEventListener("resize", () => {
    clearTimeout(timer);
    timer = setTimeout(() => $isDesktop.set(window.innerWidth >= DESKTOP_MIN_WIDTH), RESIZE_RECHECK_MS);
  });
}
