import type { ReactNode } from "react";

// Cell renderers for declarations' list columns. Declarations are imported with the first screen (the sidebar
// is built from them), so renderers live here without any UI library: plain elements styled by the shell.

export type BadgeColor = "blue" | "purple" | "green" | "red" | "orange" | "gray";

/** A small coloured label per value: `render: badgeCell({ Role: "purple", User: "blue" })`. */
export const badgeCell =
  (colors: Record<string, BadgeColor> = {}, fallback: BadgeColor = "gray") =>
  (value: unknown): ReactNode => {
    const text = value === null || value === undefined ? "" : String(value);
    return <span className={`cell-badge cell-badge-${colors[text] ?? fallback}`}>{text}</span>;
  };
