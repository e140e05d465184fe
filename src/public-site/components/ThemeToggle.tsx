import { useEffect, useState } from "react";
import { applyTheme, currentTheme, type Theme } from "../lib/theme";
import { MoonIcon, SunIcon } from "./icons";

/**
 * Light/dark switch. Both icons are in the prerendered HTML and CSS shows the right one, so the first paint
 * is correct before hydration; the label follows once the theme is known.
 */
export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme | null>(null);
  useEffect(() => setTheme(currentTheme()), []);
  const next: Theme = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      className="icon-btn theme-toggle"
      aria-label={theme ? `Switch to ${next} theme` : "Switch color theme"}
      title={theme ? `Switch to ${next} theme` : "Switch color theme"}
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
