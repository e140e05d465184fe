export type Theme = "light" | "dark";
export const themeStorageKey = "theme";

/** The theme on screen: the stored choice applied to <html data-theme>, else the system preference. */
export function currentTheme(): Theme {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === "light" || chosen === "dark") return chosen;
  return window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

export function applyTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(themeStorageKey, theme);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}
