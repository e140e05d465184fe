import type { ReactNode } from "react";

// Inline markdown-style text: [text](url) links open in a new tab; `code`, **strong** and *emphasis* spans.
const pattern = /\[([^\]]+)\]\(([^)\s]+)\)|`([^`]+)`|\*\*([^*]+)\*\*|\*([^*]+)\*/g;

const safeHref = (href: string) => (/^(https?:\/\/|\/|#|mailto:)/i.test(href) ? href : "#");

export function renderInline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let key = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) out.push(text.slice(last, index));
    if (match[1] !== undefined) {
      out.push(
        <a key={key++} href={safeHref(match[2])} target="_blank" rel="noopener noreferrer">
          {match[1]}
        </a>,
      );
    } else if (match[3] !== undefined) {
      out.push(<code key={key++}>{match[3]}</code>);
    } else if (match[4] !== undefined) {
      out.push(<strong key={key++}>{match[4]}</strong>);
    } else {
      out.push(<em key={key++}>{match[5]}</em>);
    }
    last = index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
