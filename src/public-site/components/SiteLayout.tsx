import { useEffect, useState, type ReactNode } from "react";
import { productName } from "../../schemas/messages";
import { siteConfig } from "../config";
import { AuthArea } from "./AuthArea";
import { CloseIcon, ExternalIcon, MenuIcon } from "./icons";
import { Logo, LogoMark } from "./Logo";
import { ThemeToggle } from "./ThemeToggle";
import { Toaster } from "./Toaster";
import { useT } from "../../i18n/react";
import { LanguageSelect } from "../../i18n/LanguageSelect";

export type NavKey = "commands" | "status" | "docs" | "faq" | "dashboard" | null;

export const navLinks: { key: Exclude<NavKey, null>; href: string; label: string; desktopOnly?: boolean }[] = [
  { key: "commands", href: "/commands", label: "Commands" },
  { key: "status", href: "/status", label: "Status" },
  { key: "docs", href: "/docs", label: "Docs" },
  { key: "faq", href: "/faq", label: "FAQ" },
  // SPEC §2: the dashboard link is hidden on small screens.
  { key: "dashboard", href: "/dashboard", label: "Dashboard", desktopOnly: true },
];

/** The frame of every public page (SPEC §2): top navigation, main area, footer. */
export function SiteLayout({ current = null, children }: { current?: NavKey; children: ReactNode }) {
  const t = useT();
  return (
    <>
      <a className="skip-link" href="#main">
        {t("site.skipToContent", "Skip to content")}
      </a>
      <TopNav current={current} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <Toaster />
    </>
  );
}

function TopNav({ current }: { current: NavKey }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const t = useT();
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setMenuOpen(false);
    const wide = window.matchMedia?.("(min-width: 768px)");
    const onWide = () => wide?.matches && setMenuOpen(false);
    document.addEventListener("keydown", onKey);
    wide?.addEventListener?.("change", onWide);
    return () => {
      document.removeEventListener("keydown", onKey);
      wide?.removeEventListener?.("change", onWide);
    };
  }, [menuOpen]);

  return (
    <header className="site-header">
      <div className="container nav-bar">
        <Logo />
        <nav className="nav-links" aria-label={t("site.nav.main", "Main")}>
          <ul>
            {navLinks.map((link) => (
              <li key={link.key} className={link.desktopOnly ? "desktop-only" : undefined}>
                <a href={link.href} aria-current={current === link.key ? "page" : undefined}>
                  {t(`site.nav.${link.key}`, link.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="nav-actions">
          <LanguageSelect className="nav-lang" />
          <ThemeToggle />
          <AuthArea />
          <button
            type="button"
            className="icon-btn menu-button"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? t("site.closeMenu", "Close menu") : t("site.openMenu", "Open menu")}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
      <nav id="mobile-menu" className="mobile-menu" aria-label={t("site.nav.mobile", "Mobile")} hidden={!menuOpen}>
        <ul>
          {navLinks
            .filter((link) => !link.desktopOnly)
            .map((link) => (
              <li key={link.key}>
                <a href={link.href} aria-current={current === link.key ? "page" : undefined} onClick={() => setMenuOpen(false)}>
                  {t(`site.nav.${link.key}`, link.label)}
                </a>
              </li>
            ))}
        </ul>
      </nav>
    </header>
  );
}

function Footer() {
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <a href="/" className="logo" aria-label={t("site.home", "{product} home", { product: productName })}>
            <LogoMark />
            <span className="logo-text">{productName}</span>
          </a>
          <p className="footer-tagline">{t("site.footer.tagline", "Ticket support for communities that care about their members.")}</p>
          <p className="footer-copy">
            © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {productName}.{" "}
            {t("site.footer.rights", "All rights reserved.")}
          </p>
        </div>
        <nav aria-label={t("site.footer.contact", "Contact")} className="footer-col">
          <h2 className="footer-heading">{t("site.footer.contact", "Contact")}</h2>
          <ul>
            <li>
              <a href={siteConfig.supportInviteUrl} target="_blank" rel="noopener noreferrer">
                {t("site.footer.communityChat", "Community chat")} <ExternalIcon size={14} />
              </a>
            </li>
            <li>
              <a href={siteConfig.sourceUrl} target="_blank" rel="noopener noreferrer">
                {t("site.footer.sourceCode", "Source code")} <ExternalIcon size={14} />
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label={t("site.footer.legal", "Legal")} className="footer-col">
          <h2 className="footer-heading">{t("site.footer.legal", "Legal")}</h2>
          <ul>
            <li>
              <a href="/legal/tos">{t("site.footer.terms", "Terms of Service")}</a>
            </li>
            <li>
              <a href="/legal/privacy">{t("site.footer.privacy", "Privacy Policy")}</a>
            </li>
          </ul>
        </nav>
        <nav aria-label={t("site.footer.resources", "Resources")} className="footer-col">
          <h2 className="footer-heading">{t("site.footer.resources", "Resources")}</h2>
          <ul>
            <li>
              <a href="/docs">{t("site.footer.documentation", "Documentation")}</a>
            </li>
            <li>
              <a href="/commands">{t("site.nav.commands", "Commands")}</a>
            </li>
            <li>
              <a href="/status">{t("site.nav.status", "Status")}</a>
            </li>
            <li>
              <a href="/faq">{t("site.nav.faq", "FAQ")}</a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
