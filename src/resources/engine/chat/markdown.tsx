import { Fragment, type ReactNode } from "react";

// The chat platform's basic markdown, for previews: **bold**, *italic* / _italic_, __underline__,
// ~~strike~~, `inline code` and [links](https://…). Everything else stays text, which React escapes, so
// `<script>` shows as the characters it is. Links only for http(s) targets.

const token =
  /(`[^`\n]+`)|(\*\*(?=\S)[\s\S]*?\S\*\*)|(__(?=\S)[\s\S]*?\S__)|(~~(?=\S)[\s\S]*?\S~~)|(\*(?=\S)[^*\n]*?\S\*|\*\S\*)|(_(?=\S)[^_\n]*?\S_|_\S_)|(\[[^\]\n]+\]\(https?:\/\/[^\s)]+\))/;

export const isHttpUrl = (value: string | undefined | null): value is string => !!value && /^https?:\/\/[^\s]+$/i.test(value);

function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let rest = text;
  let i = 0;
  while (rest) {
    const m = token.exec(rest);
    if (!m) {
      out.push(rest);
      break;
    }
    if (m.index > 0) out.push(rest.slice(0, m.index));
    const whole = m[0];
    const k = `${key}-${i++}`;
    if (m[1]) out.push(<code key={k}>{whole.slice(1, -1)}</code>);
    else if (m[2]) out.push(<strong key={k}>{inline(whole.slice(2, -2), k)}</strong>);
    else if (m[3]) out.push(<u key={k}>{inline(whole.slice(2, -2), k)}</u>);
    else if (m[4]) out.push(<s key={k}>{inline(whole.slice(2, -2), k)}</s>);
    else if (m[5] || m[6]) out.push(<em key={k}>{inline(whole.slice(1, -1), k)}</em>);
    else if (m[7]) {
      const close = whole.indexOf("](");
      const label = whole.slice(1, close);
      const href = whole.slice(close + 2, -1);
      out.push(
        <a key={k} href={href} target="_blank" rel="noopener noreferrer nofollow">
          {inline(label, k)}
        </a>,
      );
    }
    rest = rest.slice(m.index + whole.length);
  }
  return out;
}

/** Markdown text as React nodes; line breaks kept. */
export function Markdown({ text }: { text: string }) {
  const lines = text.split("\n");
  return (
    <>
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          {inline(line, String(index))}
        </Fragment>
      ))}
    </>
  );
}
