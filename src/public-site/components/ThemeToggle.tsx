import { useEffect, useState } from "react";
import { applyTheme, currentTheme, type Theme } from "../lib/theme";
import { MoonIcon, SunIcon } from "./icons";
import { useT } from "../../i18n/react";

/**
 * Light/dark switch. Both icons are in the prerendered HTML and CSS shows the right one, so the first paint
 * is correct before hydration; the label follows once the theme is known.
 */
export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme | null>(null);
  useEffect(() => setTheme(currentTheme()), []);
  const t = useT();
  const label = !theme
    ? t("site.theme.switch", "Switch color theme")
    : theme === "dark"
      ? t("site.theme.switchToLight", "Switch to light theme")
      : t("site.theme.switchToDark", "Switch to dark theme");
  return (
    <button
      type="button"
      className="icon-btn theme-toggle"
      aria-label={label}
      title={label}
      onClick={() => {
        const target = currentTheme() === "dark" ? "light" : "dark";
        applyTheme(target);
        setTheme(target);
      }}
    >
      <SunIcon className="icon-sun" />
      <MoonIcon className="icon-moon" />
    </button>
  );
}
