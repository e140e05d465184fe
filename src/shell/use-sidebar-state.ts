import { useCallback, useEffect, useState } from "react";
import { limits } from "../schemas/limits";
import { readCookie, writeCookie } from "../providers/session";

/** Cookie keeping the sidebar expanded ("true") or collapsed ("false") for 7 days (§2, §9). */
export const sidebarCookieName = "sidebar_state";

export function readSidebarExpanded(): boolean {
  return readCookie(sidebarCookieName, document.cookie) !== "false";
}

const mobileQuery = () => `(max-width: ${limits.mobileBreakpointPx - 1}px)`;

export function useIsMobile(): boolean {
  const get = () => typeof window.matchMedia === "function" && window.matchMedia(mobileQuery()).matches;
  const [mobile, setMobile] = useState(get);
  useEffect(() => {
    if (typeof window.matchMedia !== "function") return;
    const query = window.matchMedia(mobileQuery());
    const onChange = () => setMobile(query.matches);
    query.addEventListener?.("change", onChange);
    onChange();
    return () => query.removeEventListener?.("change", onChange);
  }, []);
  return mobile;
}

/** Expanded/collapsed on desktop, open/closed on mobile; Ctrl or Meta + B toggles the one in use. */
export function useSidebarState() {
  const isMobile = useIsMobile();
  const [expanded, setExpandedState] = useState(readSidebarExpanded);
  const [mobileOpen, setMobileOpen] = useState(false);

  const setExpanded = useCallback((value: boolean) => {
    setExpandedState(value);
    writeCookie(sidebarCookieName, String(value), limits.sidebarCookieMaxAgeS);
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setMobileOpen((open) => !open);
    else setExpanded(!expanded);
  }, [isMobile, expanded, setExpanded]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "b") {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  // Leaving the mobile layout closes the slide-in panel.
  useEffect(() => {
    if (!isMobile) setMobileOpen(false);
  }, [isMobile]);

  return { isMobile, expanded, setExpanded, mobileOpen, setMobileOpen, toggle };
}
