import { closeReasonLabel, panelLabel, ratingLabel } from "../../src/schemas/transcript";
import type { TranscriptMessage } from "./document";

// Renders a transcript as one standalone HTML document, styled like a chat log. Everything a user or a bot wrote
// is hostile: every piece of text is HTML-escaped, links are only http(s), and the document carries a CSP that
// forbids scripts, frames, forms and fetches. The dashboard shows it in a sandboxed frame on top of that.

export const TRANSCRIPT_CSP = "default-src 'none'; img-src https: data:; style-src 'unsafe-inline'";

export interface TranscriptMeta {
  guildId: string;
  ticketId: number;
  authorUsername: string;
  panelName: string;
  closeReason: string | null;
  rating: number | null;
  /** Epoch milliseconds. */
  closedAt: number;
}

export type TranscriptTheme = "light" | "dark";

const escapeMap: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;", "`": "&#96;" };
export const escapeHtml = (text: string) => text.replace(/[&<>"'`]/g, (c) => escapeMap[c]!);

/** The URL, normalised, when it is http(s); otherwise null (javascript:, data:, relative, garbage). */
export function safeHttpUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Bots send epoch seconds or milliseconds; anything below 10^11 is taken as seconds. */
export const toEpochMs = (t: number) => (t < 1e11 ? t * 1000 : t);

export function formatTime(epochMs: number): string {
  const d = new Date(toEpochMs(epochMs));
  if (Number.isNaN(d.getTime())) return "";
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`;
}

const link = (href: string, text: string) => `<a href="${escapeHtml(href)}" rel="noopener noreferrer nofollow">${escapeHtml(text)}</a>`;

/** Escaped text with **bold**, `code` and http(s) links; line breaks are kept by CSS (pre-wrap). */
export function renderRichText(text: string): string {
  let out = "";
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"'`]+/gi)) {
    const start = match.index ?? 0;
    // Trailing punctuation of a sentence is not part of the link.
    const raw = match[0].replace(/[.,;:!?)\]]+$/, "");
    out += renderInline(text.slice(last, start));
    const href = safeHttpUrl(raw);
    out += href ? link(href, raw) : escapeHtml(raw);
    last = start + raw.length;
  }
  return out + renderInline(text.slice(last));
}

function renderInline(text: string): string {
  // Escape first; the patterns then only wrap already-escaped text in fixed tags.
  return escapeHtml(text)
    .replace(/\*\*([^*\n]+)\*\*/g, "<strong>$1</strong>")
    .replace(/&#96;([^\n]+?)&#96;/g, "<code>$1</code>");
}

const validColor = (color: string | undefined) => (color && /^#[0-9a-fA-F]{6}$/.test(color) ? color : "#5865F2");

function avatarHue(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.codePointAt(0)!) % 360;
  return h;
}

const initials = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => [...part][0] ?? "")
    .join("")
    .toUpperCase() || "?";

function renderMessage(message: TranscriptMessage, previous: TranscriptMessage | undefined): string {
  const sameAuthor = previous && previous.author === message.author && toEpochMs(message.timestamp) - toEpochMs(previous.timestamp) < 5 * 60_000;
  const time = formatTime(message.timestamp);
  const iso = new Date(toEpochMs(message.timestamp)).toISOString();
  const parts: string[] = [];
  if (message.content) parts.push(`<div class="content">${renderRichText(message.content)}</div>`);
  for (const embed of message.embeds ?? []) {
    const title = embed.title ? `<div class="embed-title">${renderRichText(embed.title)}</div>` : "";
    const description = embed.description ? `<div class="embed-description">${renderRichText(embed.description)}</div>` : "";
    parts.push(`<div class="embed" style="border-left-color:${validColor(embed.color)}">${title}${description}</div>`);
  }
  if (message.attachments?.length) {
    const items = message.attachments.map((a) => {
      const href = safeHttpUrl(a.url);
      return `<li>${href ? link(href, a.name) : escapeHtml(a.name)}</li>`;
    });
    parts.push(`<ul class="attachments" aria-label="Attachments">${items.join("")}</ul>`);
  }
  const header = sameAuthor
    ? ""
    : `<div class="meta"><span class="author">${escapeHtml(message.author)}</span><time datetime="${escapeHtml(iso)}">${escapeHtml(time)}</time></div>`;
  const avatar = sameAuthor
    ? `<div class="avatar-spacer"></div>`
    : `<div class="avatar" aria-hidden="true" style="background:hsl(${avatarHue(message.author)} 55% 45%)">${escapeHtml(initials(message.author))}</div>`;
  return `<article class="message${sameAuthor ? " continued" : ""}" title="${escapeHtml(`${message.author} · ${time}`)}">${avatar}<div class="body">${header}${parts.join("")}</div></article>`;
}

const palettes: Record<TranscriptTheme, string> = {
  light: "--bg:#ffffff;--fg:#1f2328;--muted:#656d76;--line:#d0d7de;--embed:#f6f8fa;--link:#0969da;--code:#eff1f3",
  dark: "--bg:#14161d;--fg:#e6e8ee;--muted:#8b91a1;--line:#242834;--embed:#1b1e27;--link:#8ab4ff;--code:#262a35",
};

export function renderTranscriptHtml(meta: TranscriptMeta, messages: TranscriptMessage[], theme: TranscriptTheme = "light"): string {
  const title = `Ticket #${meta.ticketId}`;
  const facts = [
    ["Opened by", escapeHtml(meta.authorUsername)],
    ["Panel", escapeHtml(panelLabel(meta.panelName))],
    ["Closed", escapeHtml(formatTime(meta.closedAt))],
    ["Rating", escapeHtml(ratingLabel(meta.rating))],
    ["Close reason", escapeHtml(closeReasonLabel(meta.closeReason))],
    ["Messages", String(messages.length)],
  ]
    .map(([k, v]) => `<div><dt>${k}</dt><dd>${v}</dd></div>`)
    .join("");
  const body = messages.map((m, i) => renderMessage(m, messages[i - 1])).join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${TRANSCRIPT_CSP}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="${theme}">
<title>${escapeHtml(title)}</title>
<style>
:root{${palettes[theme]};color-scheme:${theme}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
header{padding:16px 20px;border-bottom:1px solid var(--line)}
h1{font-size:18px;margin:0 0 8px}
dl{display:flex;flex-wrap:wrap;gap:4px 20px;margin:0;font-size:13px}
dl div{display:flex;gap:6px}dt{color:var(--muted)}dd{margin:0;overflow-wrap:anywhere}
main{padding:8px 0 24px}
.message{display:flex;gap:12px;padding:6px 20px}
.message:not(.continued){margin-top:10px}
.avatar,.avatar-spacer{flex:0 0 36px;height:36px}
.avatar{border-radius:50%;color:#fff;display:flex;align-items:center;justify-content:center;font-weight:600;font-size:13px}
.body{min-width:0;flex:1}
.meta{display:flex;gap:8px;align-items:baseline;flex-wrap:wrap}
.author{font-weight:600}
time{color:var(--muted);font-size:12px}
.content,.embed-description{white-space:pre-wrap;overflow-wrap:anywhere}
.embed{margin-top:6px;padding:8px 12px;background:var(--embed);border-left:4px solid #5865F2;border-radius:4px;max-width:560px}
.embed-title{font-weight:600;margin-bottom:2px;overflow-wrap:anywhere}
.attachments{list-style:none;margin:6px 0 0;padding:0}
.attachments li{padding-left:20px;background:no-repeat left center/14px url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%23888' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='m21.4 11.1-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5'/%3E%3C/svg%3E")}
a{color:var(--link);overflow-wrap:anywhere}
code{background:var(--code);padding:0 4px;border-radius:4px;font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px}
@media (max-width:480px){.message{padding:6px 12px}header{padding:12px}}
</style>
</head>
<body>
<header><h1>${escapeHtml(title)}</h1><dl>${facts}</dl></header>
<main>
${body}
</main>
</body>
</html>
`;
}
