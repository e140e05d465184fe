import { ConfigProvider, theme as antdTheme, type ThemeConfig } from "antd";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

// Light or dark: follows prefers-color-scheme until the user picks one; the pick is kept in localStorage
// `theme` ('light' | 'dark'), the same key the public site reads, and mirrored on <html data-theme>.

export type ThemeMode = "light" | "dark";
export const themeStorageKey = "theme";

function storedMode(): ThemeMode | null {
  try {
    const value = localStorage.getItem(themeStorageKey);
    return value === "light" || value === "dark" ? value : null;
  } catch {
    return null;
  }
}

const systemQuery = () =>
  typeof window !== "undefined" && typeof window.matchMedia === "function" ? window.matchMedia("(prefers-color-scheme: dark)") : null;

export function initialThemeMode(): ThemeMode {
  return storedMode() ?? (systemQuery()?.matches ? "dark" : "light");
}

type ThemeModeContextValue = { mode: ThemeMode; setMode: (mode: ThemeMode) => void; toggle: () => void };
const ThemeModeContext = createContext<ThemeModeContextValue>({ mode: "light", setMode: () => {}, toggle: () => {} });
export const useThemeMode = () => useContext(ThemeModeContext);

export const brand = {
  primary: "#6366f1",
  /** The primary on light surfaces: white text on it reaches 4.5:1 (#6366f1 gives 4.47). */
  primaryStrong: "#4f46e5",
  accent: "#14b8a6",
};

/** The user asked the system for less motion: antd's animations are turned off. */
export const prefersReducedMotion = () =>
  typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

export function themeConfig(mode: ThemeMode, reducedMotion = false): ThemeConfig {
  const dark = mode === "dark";
  return {
    algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      motion: !reducedMotion,
      // WCAG AA (axe in tests/e2e/a11y.spec.ts): white on the light primary, danger text, secondary
      // text and placeholders all reach 4.5:1; the dark algorithm already darkens the primary's solid fill.
      colorPrimary: dark ? brand.primary : brand.primaryStrong,
      colorInfo: dark ? brand.primary : brand.primaryStrong,
      colorError: dark ? "#ff7875" : "#d4333b",
      // In the dark theme the derived primary (#575ad0) is too dark for text on the page: links and
      // primary-coloured text use a lighter indigo.
      ...(dark ? { colorLink: "#a5b4fc", colorLinkHover: "#c7d2fe", colorLinkActive: "#818cf8", colorPrimaryText: "#a5b4fc" } : {}),
      colorTextDescription: dark ? "rgba(255, 255, 255, 0.58)" : "rgba(0, 0, 0, 0.62)",
      colorTextTertiary: dark ? "rgba(255, 255, 255, 0.58)" : "rgba(0, 0, 0, 0.62)",
      colorTextPlaceholder: dark ? "rgba(255, 255, 255, 0.5)" : "rgba(0, 0, 0, 0.56)",
      borderRadius: 8,
      fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      colorBgLayout: dark ? "#0b0d12" : "#f5f6fa",
      colorBgContainer: dark ? "#14161d" : "#ffffff",
      colorBgElevated: dark ? "#1b1e27" : "#ffffff",
      colorBorderSecondary: dark ? "#242834" : "#eceef3",
      colorBorder: dark ? "#2f3442" : "#dfe2ea",
    },
    components: {
      Card: { headerFontSize: 15 },
      // The empty-table text uses the disabled colour; it is real text and needs 4.5:1.
      Table: { headerBg: dark ? "#181b23" : "#fafbfc", colorTextDisabled: dark ? "rgba(255, 255, 255, 0.5)" : "rgba(0, 0, 0, 0.56)" },
    },
  };
}

/** Colours of the shell's own (non-antd) elements, as CSS variables on <html>. */
function applyShellVariables(mode: ThemeMode) {
  const root = document.documentElement;
  root.dataset.theme = mode;
  root.style.colorScheme = mode;
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(initialThemeMode);

  useEffect(() => applyShellVariables(mode), [mode]);

  // Follow the system preference while the user has not chosen.
  useEffect(() => {
    const query = systemQuery();
    if (!query?.addEventListener) return;
    const onChange = (event: MediaQueryListEvent) => {
      if (!storedMode()) setModeState(event.matches ? "dark" : "light");
    };
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  const setMode = useCallback((next: ThemeMode) => {
    try {
      localStorage.setItem(themeStorageKey, next);
    } catch {
      /* private mode: the choice lasts for this page */
    }
    setModeState(next);
  }, []);

  const value = useMemo<ThemeModeContextValue>(
    () => ({ mode, setMode, toggle: () => setMode(mode === "dark" ? "light" : "dark") }),
    [mode, setMode],
  );
  const [reducedMotion] = useState(prefersReducedMotion);
  const config = useMemo(() => themeConfig(mode, reducedMotion), [mode, reducedMotion]);

  return (
    <ThemeModeContext.Provider value={value}>
      <ConfigProvider theme={config}>{children}</ConfigProvider>
    </ThemeModeContext.Provider>
  );
}
