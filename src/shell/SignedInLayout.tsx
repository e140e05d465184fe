import { Suspense, lazy, useEffect } from "react";
import { Outlet, useLocation, useParams } from "react-router";
import { limits } from "../schemas/limits";
import { pickerMessages, productName } from "../schemas/messages";
import { declarationAt } from "../resources/engine/derive";
import { PageFallback } from "../ui/PageFallback";
import { resourceDeclarations } from "../resources/registry";
import { MenuIcon, MoonIcon, SidebarIcon, SunIcon } from "../ui/icons";
import { SidebarContent } from "./Sidebar";
import { RouteLoading, TopProgress, useBusy } from "./TopProgress";
import { useGuilds } from "./use-guilds";
import { useSidebarState } from "./use-sidebar-state";
import { useThemeMode } from "../providers/theme";
import { useSetLocale } from "@refinedev/core";
import { useTr } from "../i18n/refine";
import { resourceTextKey } from "../i18n/keys";
import { LanguageSelect } from "../i18n/LanguageSelect";
import "./shell.css";

// antd's Drawer is only needed on small screens.
const MobileSidebar = lazy(() => import("./MobileSidebar"));

function ThemeSwitch() {
  const { mode, toggle } = useThemeMode();
  const tr = useTr();
  const label = mode === "dark" ? tr("shell.switchToLight", "Switch to light theme") : tr("shell.switchToDark", "Switch to dark theme");
  return (
    <button type="button" className="icon-button" onClick={toggle} aria-label={label} title={label}>
      {mode === "dark" ? <SunIcon size={18} /> : <MoonIcon size={18} />}
    </button>
  );
}

/** The browser tab's title: most specific first ('Tags · Demo Community · Ticketeer'). */
const documentTitle = (...parts: (string | undefined)[]) => [...parts, productName].filter(Boolean).join(" · ");

/**
 * Where the user is: the server's name and the page, next to the sidebar trigger; the same words name the
 * browser tab (and its history entries) in the language on screen.
 */
function Crumbs() {
  const { guildId } = useParams();
  const { pathname } = useLocation();
  const { data: guilds } = useGuilds();
  const guild = guildId ? guilds?.find((g) => g.id === guildId) : undefined;
  const page = guildId ? declarationAt(resourceDeclarations, pathname) : undefined;
  const tr = useTr();
  const pageLabel = page ? tr(resourceTextKey(page.name, "label"), page.label) : undefined;
  const title = guildId ? documentTitle(pageLabel, guild?.name) : documentTitle(tr("spec.picker.heading", pickerMessages.heading));
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <nav className="crumbs" aria-label={tr("shell.breadcrumb", "Breadcrumb")}>
      {!guildId && <span className="crumb crumb-current">{productName}</span>}
      {guildId && <span className={page ? "crumb" : "crumb crumb-current"}>{guild?.name ?? "…"}</span>}
      {page && (
        <>
          <span className="crumb-sep" aria-hidden="true">
            /
          </span>
          <span className="crumb crumb-current">{pageLabel}</span>
        </>
      )}
    </nav>
  );
}

/** The frame of every signed-in page: the sidebar (§2), a top bar and the page. */
export default function SignedInLayout() {
  const sidebar = useSidebarState();
  const collapsed = !sidebar.expanded;
  const busy = useBusy();
  const tr = useTr();
  const setLocale = useSetLocale();
  return (
    <div className="app-shell">
      <TopProgress busy={busy} />
      {!sidebar.isMobile && (
        <aside
          className="sidebar"
          data-collapsed={collapsed}
          style={{ width: collapsed ? limits.sidebarCollapsedWidth : limits.sidebarWidth }}
          aria-label={tr("shell.sidebar", "Sidebar")}
        >
          <SidebarContent collapsed={collapsed} />
        </aside>
      )}
      {sidebar.isMobile && (
        <Suspense fallback={null}>
          <MobileSidebar open={sidebar.mobileOpen} onClose={() => sidebar.setMobileOpen(false)} />
        </Suspense>
      )}
      <div className="app-main">
        <header className="topbar">
          <button
            type="button"
            className="icon-button"
            onClick={sidebar.toggle}
            aria-label={tr("shell.toggleSidebar", "Toggle sidebar")}
            aria-expanded={sidebar.isMobile ? sidebar.mobileOpen : sidebar.expanded}
            title={tr("shell.toggleSidebarHint", "Toggle sidebar (Ctrl+B)")}
          >
            {sidebar.isMobile ? <MenuIcon size={18} /> : <SidebarIcon size={18} />}
          </button>
          <span className="topbar-divider" aria-hidden="true" />
          <Crumbs />
          <span className="topbar-spacer" />
          <LanguageSelect onChange={setLocale} />
          <ThemeSwitch />
        </header>
        <main className="app-content" data-scroll-root aria-busy={busy || undefined}>
          <Suspense
            fallback={
              <>
                <RouteLoading />
                <PageFallback />
              </>
            }
          >
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
