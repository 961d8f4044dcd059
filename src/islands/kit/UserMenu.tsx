import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import { api } from "../../client/api.ts";
import { goHome, goTo } from "../../client/navigation.ts";
import { localePath, type Lang } from "../../i18n/index.ts";
import { clearProject } from "../../stores/project.ts";
import { $user, clearSession } from "../../client/session.ts";
import { Icon } from "../../ui/Icon.tsx";

/** Logout ignores a failing call: the session ends on this device either way (spec §2); then home, or the given page. */
export async function logoutEverywhere(then?: string): Promise<void> {
  await api.logout().catch(() => undefined);
  clearSession();
  clearProject();
  if (then) goTo(then);
  else goHome();
}

export function UserMenu({ lang, compact }: { lang: Lang; compact: boolean }) {
  const { t } = useTranslation();
  const user = useStore($user);
  if (!user) return null;
  return (
    <div className="flex flex-col gap-1" data-testid="user-menu">
      <a
        href={localePath(lang, "/account-setting/myaccount")}
        className="flex items-center gap-2 rounded-lg p-1 hover:bg-base-200"
        title={t("menu.account_settings")}
      >
        <div className="avatar avatar-placeholder shrink-0">
          <div className="w-8 rounded-full bg-primary/10 text-primary">
            {user.avatar_url ? <img src={user.avatar_url} alt="" /> : <span>{user.full_name.slice(0, 1)}</span>}
          </div>
        </div>
        {!compact && (
          <span className="min-w-0">
            <span className="block truncate text-sm font-medium">{user.full_name}</span>
            <span className="block truncate text-xs text-base-content/60">{user.username}</span>
          </span>
        )}
      </a>
      <button type="button" className="btn btn-ghost btn-sm justify-start" onClick={() => void logoutEverywhere()} data-testid="logout">
        <Icon path="M15 17l5-5-5-5M20 12H9M12 19H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1h7" />
        {compact ? <span className="sr-only">{t("menu.logout")}</span> : t("menu.logout")}
      </button>
    </div>
  );
}
