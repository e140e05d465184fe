// Build-time stand-in for markdown-to-jsx/react (aliased in vite.config.ts). @rjsf/core renders markdown only
// when a uiSchema sets `ui:enableMarkdownInDescription`/`ui:enableMarkdownInHelp` (no editor here does), in
// FileWidget (unused) and in developer error texts. Those texts show as plain, escaped text instead.
import type { ReactNode } from "react";

export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return <>{children}</>;
}
export default Markdown;
