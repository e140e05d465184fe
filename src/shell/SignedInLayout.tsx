import { Suspense, lazy } from "react";
import { Outlet, useLocation, useParams } from "react-router";
import { limits } from "../schemas/limits";
import { productName } from "../schemas/messages";
import { declarationAt } from "../resources/engine/derive";
import { PageFallback } from "../resources/engine/PageFallback";
import { resourceDeclarations } from "../resources/registry";
import { MenuIcon, MoonIcon, SidebarIcon, SunIcon } from "./icons";
import { SidebarContent } from "./Sidebar";
import { useGuilds } from "./use-guilds";
import { useSidebarState } from "./use-sidebar-state";
import { useThemeMode } from "../providers/theme";
import "./shell.css";

// antd's Drawer is only needed on small screens.
const MobileSidebar = lazy(() => import("./MobileSidebar"));

function ThemeSwitch() {
  const { mode, toggle } = useThemeMode();
  const next = mode === "dark" ? "light" : "dark";
  return (
    <button type="button" className="icon-button" onClick={toggle} aria-label={`Switch to ${next} theme`} title={`Switch to ${next} theme`}>
      {mode === "dark" ? <SunIcon size={18} /> : <MoonIcon size={18} />}
    </button>
  );
}

/** Where the user is: the server's name and the page, next to the sidebar trigger. */
function Crumbs() {
  const { guildId } = useParams();
  const { pathname } = useLocation();
  const { data: guilds } = useGuilds();
  const guild = guildId ? guilds?.find((g) => g.id === guildId) : undefined;
  const page = guildId ? declarationAt(resourceDeclarations, pathname) : undefined;
  return (
    <nav className="crumbs" aria-label="Breadcrumb">
      {!guildId && <span className="crumb crumb-current">{productName}</span>}
      {guildId && <span className={page ? "crumb" : "crumb crumb-current"}>{guild?.name ?? "…"}</span>}
      {page && (
        <>
          <span className="crumb-sep" aria-hidden="true">
            /
          </span>
          <span className="crumb crumb-current">{page.label}</span>
        </>
      )}
    </nav>
  );
}

/** The frame of every signed-in page: the sidebar (§2), a top bar and the page. */
export default function SignedInLayout() {
  const sidebar = useSidebarState();
  const collapsed = !sidebar.expanded;
  return (
    <div className="app-shell">
      {!sidebar.isMobile && (
        <aside
          className="sidebar"
          data-collapsed={collapsed}
          style={{ width: collapsed ? limits.sidebarCollapsedWidth : limits.sidebarWidth }}
          aria-label="Sidebar"
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
            aria-label="Toggle sidebar"
            aria-expanded={sidebar.isMobile ? sidebar.mobileOpen : sidebar.expanded}
            title="Toggle sidebar (Ctrl+B)"
          >
            {sidebar.isMobile ? <MenuIcon size={18} /> : <SidebarIcon size={18} />}
          </button>
          <span className="topbar-divider" aria-hidden="true" />
          <Crumbs />
          <span className="topbar-spacer" />
          <ThemeSwitch />
        </header>
        <main className="app-content" data-scroll-root>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
