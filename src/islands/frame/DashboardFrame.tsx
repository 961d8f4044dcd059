import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { goToLogin } from "../../client/navigation.ts";
import { LANGS, localePath, splitLocalePath, type Lang } from "../../i18n/index.ts";
import { I18nIsland } from "../../i18n/react.tsx";
import { $isDesktop, $menuExpanded, setMenuExpanded, watchDevice } from "../../stores/ui.ts";
import { $project } from "../../stores/project.ts";
import { startSession } from "../../stores/startup.ts";
import { Icon } from "../../ui/Icon.tsx";
import { MENU_ITEMS, type MenuId } from "./menu-items.ts";
import { UserMenu } from "../kit/UserMenu.tsx";

type Props = { lang: Lang; active: MenuId };
type FrameProps = Props & { requiresProject: boolean };

export default function DashboardFrame(props: FrameProps) {
  return (
    <I18nIsland lang={props.lang}>
      <Frame {...props} />
    </I18nIsland>
  );
}

function Frame({ lang, active, requiresProject }: FrameProps) {
  useEffect(watchDevice, []);
  useEffect(() => {
    void startSession({ requiresProject }).then((state) => {
      if (state === "login") goToLogin();
      if (state === "onboarding") location.replace(localePath(lang, "/onboarding"));
    });
  }, [lang, requiresProject]);
  const isDesktop = useStore($isDesktop);
  return isDesktop ? <Sidebar lang={lang} active={active} /> : <MobileBar lang={lang} active={active} />;
}

function Sidebar({ lang, active }: Props) {
  const { t } = useTranslation();
  const expanded = useStore($menuExpanded);
  return (
    <aside
      data-testid="sidebar"
      data-expanded={expanded}
      className={`sticky top-0 flex h-screen shrink-0 flex-col border-r border-base-300 bg-base-100 transition-[width] ${expanded ? "w-60" : "w-[72px]"}`}
    >
      <div className="flex h-16 items-center gap-2 px-4">
        <img src="/favicon.svg" alt="" width={32} height={32} />
        {expanded && <span className="text-xl font-semibold tracking-tight text-secondary">{t("app.name")}</span>}
      </div>
      <DemoBadge />
      <MenuList lang={lang} active={active} showLabels={expanded} />
      <div className="mt-auto flex flex-col gap-2 border-t border-base-300 p-3">
        <UserMenu lang={lang} compact={!expanded} />
        {expanded && <LanguageLinks lang={lang} />}
        <button
          type="button"
          className="btn btn-ghost btn-sm justify-start"
          onClick={() => setMenuExpanded(!expanded)}
          aria-expanded={expanded}
          data-testid="menu-toggle"
        >
          <Icon path={expanded ? "M15 18l-6-6 6-6" : "M9 18l6-6-6-6"} />
          {expanded && t("menu.collapse")}
          {!expanded && <span className="sr-only">{t("menu.expand")}</span>}
        </button>
      </div>
    </aside>
  );
}

/** Demo projects hold generated data; every screen says so. */
function DemoBadge() {
  const { t } = useTranslation();
  const project = useStore($project);
  if (!project?.is_demo) return null;
  return (
    <p className="badge badge-warning badge-sm mx-4 mb-2 h-auto py-1 text-center" data-testid="demo-badge" title={t("demo.explain")}>
      {t("demo.badge")}
    </p>
  );
}

function MobileBar({ lang, active }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <header data-testid="mobile-bar" className="sticky top-0 z-30 border-b border-base-300 bg-base-100">
      <div className="flex h-14 items-center justify-between px-3">
        <button type="button" className="btn btn-ghost btn-square btn-sm" onClick={() => setOpen(true)} aria-label={t("menu.open")}>
          <Icon path="M4 6h16M4 12h16M4 18h16" />
        </button>
        <span className="flex items-center gap-2 text-lg font-semibold text-secondary">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {t("app.name")}
        </span>
        <LanguageLinks lang={lang} />
      </div>
      <DemoBadge />
      {open && (
        <div className="fixed inset-0 z-40 flex" role="dialog" aria-modal="true">
          <button type="button" className="absolute inset-0 bg-black/40" aria-label={t("menu.close")} onClick={() => setOpen(false)} />
          <nav className="relative flex w-72 max-w-[85vw] flex-col bg-base-100 shadow-xl">
            <div className="flex h-14 items-center justify-between px-4">
              <span className="text-lg font-semibold text-secondary">{t("app.name")}</span>
              <button type="button" className="btn btn-ghost btn-square btn-sm" onClick={() => setOpen(false)} aria-label={t("menu.close")}>
                <Icon path="M6 6l12 12M18 6 6 18" />
              </button>
            </div>
            <MenuList lang={lang} active={active} showLabels />
            <div className="mt-auto border-t border-base-300 p-3">
              <UserMenu lang={lang} compact={false} />
            </div>
          </nav>
        </div>
      )}
    </header>
  );
}

function MenuList({ lang, active, showLabels }: Props & { showLabels: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="menu w-full gap-1 px-2" data-testid="menu">
      {MENU_ITEMS.map((item) => (
        <li key={item.id}>
          <a
            href={localePath(lang, item.path)}
            className={item.id === active ? "menu-active bg-primary/10! font-semibold text-primary!" : ""}
            aria-current={item.id === active ? "page" : undefined}
            title={showLabels ? undefined : t(item.label)}
          >
            <Icon path={item.icon} />
            {showLabels ? t(item.label) : <span className="sr-only">{t(item.label)}</span>}
          </a>
        </li>
      ))}
    </ul>
  );
}

function LanguageLinks({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const { path } = splitLocalePath(window.location.pathname);
  return (
    <nav aria-label={t("lang.switch")} className="join">
      {LANGS.map((l) => (
        <a
          key={l}
          href={localePath(l, path) + window.location.search}
          lang={l}
          className={`btn btn-xs join-item ${l === lang ? "btn-primary" : "btn-ghost"}`}
          aria-current={l === lang ? "true" : undefined}
        >
          {l.toUpperCase()}
        </a>
      ))}
    </nav>
  );
}
