import { useCan, useGetIdentity, useLogout } from "@refinedev/core";
import { useMemo, useState, type HTMLAttributes, type ReactElement, type ReactNode } from "react";
import { Link, useLocation, useParams } from "react-router";
import { avatarUrl, defaultAvatarUrl, type SignedInUser } from "../schemas/auth";
import { matchesServerSearch } from "../schemas/guild";
import { limits } from "../schemas/limits";
import { authMessages, frameMessages, pickerMessages, productName } from "../schemas/messages";
import { toNavEntries, type NavEntry } from "../resources/engine/derive";
import { resourceDeclarations } from "../resources/registry";
import { useTr } from "../i18n/refine";
import { resourceTextKey } from "../i18n/keys";
import { ChevronIcon, DashboardIcon, DotsIcon, HomeIcon, SignOutIcon } from "../ui/icons";
import { PopupMenu, SearchField, SideTip } from "../ui/blocks";
import { LogoMark } from "./Logo";
import { ServerAvatar } from "./ServerAvatar";
import { useGuilds } from "./use-guilds";

export interface SidebarContentProps {
  /** Collapsed to icons (3rem). */
  collapsed?: boolean;
  /** Called after a link is followed (closes the mobile panel). */
  onNavigate?: () => void;
}

/** Wraps an icon-only element with a tooltip naming it (collapsed sidebar). */
function WithTip({ show, title, children }: { show: boolean; title: string; children: ReactElement<HTMLAttributes<HTMLElement>> }) {
  return show ? <SideTip title={title}>{children}</SideTip> : children;
}

function Group({ label, collapsed, children }: { label: string; collapsed: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  const id = `sidebar-group-${label.toLowerCase()}`;
  return (
    <section className="sb-group" aria-label={label}>
      {!collapsed && (
        <button type="button" className="sb-group-label" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          <span>{label}</span>
          <ChevronIcon size={14} className={open ? "sb-chevron" : "sb-chevron sb-chevron-closed"} />
        </button>
      )}
      {(open || collapsed) && (
        <div id={id} className="sb-group-content">
          {children}
        </div>
      )}
    </section>
  );
}

function NavLink({
  entry,
  active,
  collapsed,
  onNavigate,
}: {
  entry: Pick<NavEntry, "label" | "to" | "icon">;
  active: boolean;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const Icon = entry.icon;
  return (
    <WithTip show={collapsed} title={entry.label}>
      <Link
        to={entry.to}
        className={active ? "sb-item sb-item-active" : "sb-item"}
        aria-current={active ? "page" : undefined}
        aria-label={collapsed ? entry.label : undefined}
        onClick={onNavigate}
      >
        <span className="sb-item-icon">
          <Icon size={18} />
        </span>
        {!collapsed && <span className="sb-item-label">{entry.label}</span>}
      </Link>
    </WithTip>
  );
}

/** A registered resource's entry, hidden when access control denies `list` in this server. */
function ResourceNavLink(props: { entry: NavEntry; guildId: string; active: boolean; collapsed: boolean; onNavigate?: () => void }) {
  const { data } = useCan({ resource: props.entry.resource, action: "list", params: { guildId: props.guildId } });
  const tr = useTr();
  if (data?.can !== true) return null;
  return <NavLink {...props} entry={{ ...props.entry, label: tr(resourceTextKey(props.entry.resource, "label"), props.entry.label) }} />;
}

function UserFooter({ collapsed }: { collapsed: boolean }) {
  const { data: user } = useGetIdentity<SignedInUser>();
  const { mutate: logout, isPending } = useLogout();
  const tr = useTr();
  const name = user?.username ?? "";
  const avatar = user ? avatarUrl(user) : defaultAvatarUrl;
  return (
    <div className="sb-footer">
      <PopupMenu
        placement={collapsed ? "right" : "top"}
        trigger={({ open, toggle }) => (
          <button
            type="button"
            className="sb-user"
            aria-haspopup="menu"
            aria-expanded={open}
            aria-label={collapsed ? name : undefined}
            onClick={toggle}
          >
            <img className="sb-user-avatar" src={avatar} alt="" width={32} height={32} />
            {!collapsed && (
              <>
                <span className="sb-user-name">{name}</span>
                <DotsIcon size={16} className="sb-user-dots" />
              </>
            )}
          </button>
        )}
      >
        {(close) => (
          <>
            <div className="sb-user-menu-name">{name}</div>
            <button
              type="button"
              role="menuitem"
              className="sb-user-menu-item"
              disabled={isPending}
              onClick={() => {
                close();
                logout();
              }}
            >
              <SignOutIcon size={16} />
              {tr("spec.auth.signOut", authMessages.signOut)}
            </button>
          </>
        )}
      </PopupMenu>
    </div>
  );
}

function SkeletonRows({ count, collapsed }: { count: number; collapsed: boolean }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="sb-skeleton-row" data-testid="sidebar-skeleton">
          <span className="skeleton-block sb-skeleton-avatar" />
          {!collapsed && <span className="skeleton-block sb-skeleton-text" style={{ width: `${60 - i * 7}%` }} />}
        </div>
      ))}
    </>
  );
}

/** §2 signed-in sidebar: header, server search, Servers and Navigation groups, user footer. */
export function SidebarContent({ collapsed = false, onNavigate }: SidebarContentProps) {
  const { guildId } = useParams();
  const { pathname } = useLocation();
  const guilds = useGuilds();
  const [query, setQuery] = useState("");
  const tr = useTr();
  const home = tr("spec.frame.home", frameMessages.home);

  const servers = useMemo(() => (guilds.data ?? []).filter((g) => matchesServerSearch(g.name, query)), [guilds.data, query]);
  const entries = useMemo(() => (guildId ? toNavEntries(resourceDeclarations, guildId) : []), [guildId]);

  return (
    <div className="sb-inner">
      <div className="sb-header">
        <Link to="/dashboard" className="sb-brand" onClick={onNavigate} aria-label={productName}>
          <LogoMark size={collapsed ? 26 : 28} />
          {!collapsed && <span className="sb-brand-name">{productName}</span>}
        </Link>
      </div>

      <div className="sb-scroll">
        {!collapsed && (
          <div className="sb-search">
            <SearchField value={query} onChange={setQuery} placeholder={tr("spec.frame.searchServers", frameMessages.searchServers)} />
          </div>
        )}

        <Group label={tr("spec.frame.servers", frameMessages.servers)} collapsed={collapsed}>
          <div className="sb-server-list" style={{ maxHeight: limits.serverListMaxHeightPx }} aria-busy={guilds.isLoading}>
            {guilds.isLoading ? (
              <SkeletonRows count={limits.sidebarSkeletonRows} collapsed={collapsed} />
            ) : guilds.isError ? (
              !collapsed && <p className="sb-note">{tr("spec.picker.loadFailed", pickerMessages.loadFailed)}</p>
            ) : (
              servers.map((guild) => {
                const selected = guild.id === guildId;
                return (
                  <WithTip key={guild.id} show={collapsed} title={guild.name}>
                    <Link
                      to={selected ? "/dashboard" : `/${guild.id}`}
                      className={selected ? "sb-item sb-item-active" : "sb-item"}
                      aria-current={selected ? "true" : undefined}
                      aria-label={collapsed ? guild.name : undefined}
                      onClick={onNavigate}
                    >
                      <ServerAvatar guild={guild} size={collapsed ? 26 : 24} />
                      {!collapsed && <span className="sb-item-label">{guild.name}</span>}
                    </Link>
                  </WithTip>
                );
              })
            )}
          </div>
        </Group>

        <Group label={tr("spec.frame.navigation", frameMessages.navigation)} collapsed={collapsed}>
          <nav className="sb-nav" aria-label={tr("spec.frame.navigation", frameMessages.navigation)}>
            {!guildId ? (
              <WithTip show={collapsed} title={home}>
                {/* The home page is the public site: a full page load. */}
                <a href="/" className="sb-item" aria-label={collapsed ? home : undefined}>
                  <span className="sb-item-icon">
                    <HomeIcon size={18} />
                  </span>
                  {!collapsed && <span className="sb-item-label">{home}</span>}
                </a>
              </WithTip>
            ) : (
              <>
                <NavLink
                  entry={{ label: tr("spec.auth.dashboard", authMessages.dashboard), to: `/${guildId}`, icon: DashboardIcon }}
                  active={pathname === `/${guildId}` || pathname === `/${guildId}/`}
                  collapsed={collapsed}
                  onNavigate={onNavigate}
                />
                {entries.map((entry) => (
                  <ResourceNavLink
                    key={entry.key}
                    entry={entry}
                    guildId={guildId}
                    active={pathname === entry.to || pathname.startsWith(`${entry.to}/`)}
                    collapsed={collapsed}
                    onNavigate={onNavigate}
                  />
                ))}
              </>
            )}
          </nav>
        </Group>
      </div>

      <UserFooter collapsed={collapsed} />
    </div>
  );
}
