import type { MessageKey } from "../../i18n/index.ts";

export type MenuId = "overview" | "mention" | "audience" | "crisis" | "project" | "account";

export type MenuItem = { id: MenuId; path: string; label: MessageKey; icon: string };

/**
 * Spec §1 menu: Dashboard (the overview), Mention, Demographics, Crisis Management, Project Settings. A screen's entry
 * is labelled with that screen's own title, so the menu and the page always say the same. Icon paths are 24×24 strokes.
 */
export const MENU_ITEMS: readonly MenuItem[] = [
  { id: "overview", path: "/overview", label: "page.overview", icon: "M3 13h8V3H3zm10 8h8V11h-8zM3 21h8v-6H3zm10-18v6h8V3z" },
  { id: "mention", path: "/mention", label: "page.mention", icon: "M4 5h16v11H8l-4 4zM8 9h8M8 12h5" },
  {
    id: "audience",
    path: "/audience",
    label: "page.audience",
    icon: "M16 19v-1a4 4 0 0 0-8 0v1M12 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM20 19v-1a3 3 0 0 0-2-2.8M4 19v-1a3 3 0 0 1 2-2.8",
  },
  { id: "crisis", path: "/crisis-management", label: "page.crisis", icon: "M12 4 2.5 20h19zM12 10v4M12 17h.01" },
  {
    id: "project",
    path: "/project-setting/information",
    label: "menu.project_settings",
    icon: "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z",
  },
];
