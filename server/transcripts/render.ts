import { closeReasonLabel, panelLabel, ratingLabel } from "../../src/schemas/transcript";
import {
  formatSize,
  inlineRows,
  mentionLabel,
  mentionName,
  type MentionNames,
  type MentionPart,
  splitMentions,
  withMentionNames,
} from "../../src/schemas/message-parts";
import type { TranscriptEmbed, TranscriptMessage } from "./document";

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

/** Shown at the end of a transcript whose rendering ran out of time. */
export const transcriptTooLong = (shown: number, total: number) =>
  `This transcript is too long to show in full: the first ${shown} of ${total} messages are shown.`;

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

// Everything below runs over text a user wrote, so none of it uses a regular expression that can backtrack: each
// scanner looks at every character a bounded number of times (a transcript of 8 MB renders in linear time).

/** Characters that end a link: whitespace and what cannot appear unescaped in an attribute. */
const endsLink = (c: string) => c.trim() === "" || c === "<" || c === ">" || c === '"' || c === "'" || c === "`";
/** Trailing punctuation of a sentence is not part of the link. */
const trailingPunctuation = new Set([".", ",", ";", ":", "!", "?", ")", "]"]);

/** Where the next "http://" or "https://" (any case) starts at or after `from`, or -1. */
function nextLinkStart(lower: string, from: number): number {
  let i = lower.indexOf("http", from);
  while (i >= 0) {
    const rest = i + 4;
    if (lower.startsWith("://", rest) || lower.startsWith("s://", rest)) return i;
    i = lower.indexOf("http", i + 1);
  }
  return -1;
}

/**
 * Escaped text with **bold**, `code`, http(s) links and mentions read as the names the message captured (unknown
 * ones as "@unknown user", "@unknown role", "#unknown channel"); line breaks are kept by CSS (pre-wrap).
 */
export function renderRichText(text: string, names?: Partial<MentionNames>): string {
  const lower = text.toLowerCase();
  let out = "";
  let last = 0;
  let start = nextLinkStart(lower, 0);
  while (start >= 0) {
    let end = start;
    while (end < text.length && !endsLink(text[end])) end++;
    while (end > start && trailingPunctuation.has(text[end - 1])) end--;
    const raw = text.slice(start, end);
    out += renderInline(text.slice(last, start), names);
    const href = safeHttpUrl(raw);
    out += href ? link(href, raw) : escapeHtml(raw);
    last = end;
    start = nextLinkStart(lower, Math.max(end, start + 1));
  }
  return out + renderInline(text.slice(last), names);
}

/** `open` + at least one character `inside` accepts + `close`, wrapped in tags; scanned once, line by line. */
function wrapPairs(line: string, marker: string, inside: (c: string) => boolean, before: string, after: string): string {
  let out = "";
  let pos = 0;
  for (let i = line.indexOf(marker); i >= 0; i = line.indexOf(marker, pos)) {
    let j = i + marker.length;
    while (j < line.length && inside(line[j]) && !line.startsWith(marker, j)) j++;
    if (j > i + marker.length && line.startsWith(marker, j)) {
      out += line.slice(pos, i) + before + line.slice(i + marker.length, j) + after;
      pos = j + marker.length;
    } else {
      out += line.slice(pos, i + 1);
      pos = i + 1;
    }
  }
  return out + line.slice(pos);
}

const notStar = (c: string) => c !== "*";
const anyChar = () => true;

/** A mention as its name; an unknown one says so, its markup kept in its title. */
function mentionHtml(part: Exclude<MentionPart, { text: string }>, names: Partial<MentionNames> | undefined): string {
  const label = escapeHtml(mentionLabel(part, names));
  if (mentionName(part, names) !== undefined) return `<span class="mention">${label}</span>`;
  return `<span class="mention unknown" title="${escapeHtml(`<${part.sigil}${part.id}>`)}">${label}</span>`;
}

/** Puts each mention's HTML where its marker "<n>" stands (escaped text never holds a raw "<", so only markers match). */
function placeMentions(html: string, mentions: string[]): string {
  let out = "";
  let pos = 0;
  for (let i = html.indexOf("<"); i >= 0; i = html.indexOf("<", i + 1)) {
    let j = i + 1;
    while (j < html.length && html[j] >= "0" && html[j] <= "9") j++;
    if (j > i + 1 && html[j] === ">") {
      out += html.slice(pos, i) + mentions[Number(html.slice(i + 1, j))];
      pos = j + 1;
      i = j;
    }
  }
  return out + html.slice(pos);
}

function renderInline(text: string, names: Partial<MentionNames> | undefined): string {
  // Escape first, a mention standing as a marker; the scanners then only wrap already-escaped text in fixed tags
  // (so **bold** may hold a mention), and the markers become the names last. Neither pair crosses a line.
  const mentions: string[] = [];
  let escaped = "";
  for (const part of splitMentions(text)) {
    if ("text" in part) escaped += escapeHtml(part.text);
    else {
      escaped += `<${mentions.length}>`;
      mentions.push(mentionHtml(part, names));
    }
  }
  const html = escaped
    .split("\n")
    .map((line) => wrapPairs(wrapPairs(line, "**", notStar, "<strong>", "</strong>"), "&#96;", anyChar, "<code>", "</code>"))
    .join("\n");
  return mentions.length ? placeMentions(html, mentions) : html;
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

/** A link when the URL is http(s), else the text alone. */
const linkOr = (url: string | undefined, text: string) => {
  const href = safeHttpUrl(url);
  return href ? link(href, text) : escapeHtml(text);
};

/**
 * One embed as Discord lays it out: author, title (a link when it has one), description, fields in rows of up to
 * three inline ones, image and thumbnail (as links: the record shows no image of another site), footer and time.
 */
function renderEmbed(embed: TranscriptEmbed, names: Partial<MentionNames> | undefined): string {
  const plain = (text: string) => withMentionNames(text, names);
  const parts: string[] = [];
  if (embed.author?.name) parts.push(`<div class="embed-author">${linkOr(embed.author.url, plain(embed.author.name))}</div>`);
  if (embed.title) {
    const href = safeHttpUrl(embed.url);
    parts.push(`<div class="embed-title">${href ? link(href, plain(embed.title)) : renderRichText(embed.title, names)}</div>`);
  }
  if (embed.description) parts.push(`<div class="embed-description">${renderRichText(embed.description, names)}</div>`);
  const fields = (embed.fields ?? []).filter((f) => f.name || f.value);
  if (fields.length) {
    const rows = inlineRows(fields, (f) => f.inline === true).map((row) => {
      const cells = row.map(
        (f) =>
          `<div class="embed-field"><div class="embed-field-name">${renderRichText(f.name, names)}</div>` +
          `<div class="embed-field-value">${renderRichText(f.value, names)}</div></div>`,
      );
      return `<div class="embed-field-row" style="grid-template-columns:repeat(${row.length},minmax(0,1fr))">${cells.join("")}</div>`;
    });
    parts.push(`<div class="embed-fields">${rows.join("")}</div>`);
  }
  for (const [label, media] of [
    ["Image", embed.image],
    ["Thumbnail", embed.thumbnail],
  ] as const) {
    if (media?.url) parts.push(`<div class="embed-media">${label}: ${linkOr(media.url, media.url)}</div>`);
  }
  const footer = [
    embed.footer?.text ? escapeHtml(plain(embed.footer.text)) : "",
    embed.timestamp === undefined ? "" : escapeHtml(formatTime(embed.timestamp)),
  ].filter(Boolean);
  if (footer.length) parts.push(`<div class="embed-footer">${footer.join(" · ")}</div>`);
  return `<div class="embed" style="border-left-color:${validColor(embed.color)}">${parts.join("")}</div>`;
}

function renderMessage(message: TranscriptMessage, previous: TranscriptMessage | undefined): string {
  const sameAuthor =
    previous && previous.author === message.author && toEpochMs(message.timestamp) - toEpochMs(previous.timestamp) < 5 * 60_000;
  const time = formatTime(message.timestamp);
  // A time no date can hold (stored before the ingest bounded it) shows no time rather than failing the view.
  const at = new Date(toEpochMs(message.timestamp));
  const iso = Number.isNaN(at.getTime()) ? "" : at.toISOString();
  const names = message.mentions;
  const parts: string[] = [];
  if (message.reply) {
    const who = message.reply.author ? `<span class="reply-author">${escapeHtml(message.reply.author)}</span>` : "a message";
    const snippet = message.reply.content ? `: ${escapeHtml(withMentionNames(message.reply.content, names))}` : "";
    parts.push(`<div class="reply">↪ Replying to ${who}${snippet}</div>`);
  }
  if (message.content) parts.push(`<div class="content">${renderRichText(message.content, names)}</div>`);
  for (const embed of message.embeds ?? []) parts.push(renderEmbed(embed, names));
  if (message.attachments?.length) {
    const items = message.attachments.map((a) => {
      const facts = [a.size === undefined ? "" : formatSize(a.size), a.content_type ?? ""].filter(Boolean).join(", ");
      return `<li>${linkOr(a.url, a.name)}${facts ? ` <span class="muted">(${escapeHtml(facts)})</span>` : ""}</li>`;
    });
    parts.push(`<ul class="attachments" aria-label="Attachments">${items.join("")}</ul>`);
  }
  if (message.stickers?.length) {
    parts.push(
      `<div class="stickers">${message.stickers.map((st) => `<span class="sticker">Sticker: ${escapeHtml(st.name)}</span>`).join(" ")}</div>`,
    );
  }
  parts.push(...auditTrail(message));
  const header = sameAuthor
    ? ""
    : `<div class="meta"><span class="author">${escapeHtml(message.author)}</span><time datetime="${escapeHtml(iso)}">${escapeHtml(time)}</time></div>`;
  const avatar = sameAuthor
    ? `<div class="avatar-spacer"></div>`
    : `<div class="avatar" aria-hidden="true" style="background:hsl(${avatarHue(message.author)} 55% 45%)">${escapeHtml(initials(message.author))}</div>`;
  return `<article class="message${sameAuthor ? " continued" : ""}" title="${escapeHtml(`${message.author} · ${time}`)}">${avatar}<div class="body">${header}${parts.join("")}</div></article>`;
}

/** What the gateway saw happen to a message: edited, deleted in Discord, and what it said before. */
function auditTrail(message: TranscriptMessage): string[] {
  const out: string[] = [];
  const when = (at: number) => `<time datetime="${escapeHtml(new Date(toEpochMs(at)).toISOString())}">${escapeHtml(formatTime(at))}</time>`;
  if (message.deleted_at !== undefined) out.push(`<div class="audit">Deleted in Discord ${when(message.deleted_at)}</div>`);
  else if (message.edited_at !== undefined) out.push(`<div class="audit">Edited ${when(message.edited_at)}</div>`);
  const earlier = (message.history ?? []).filter((v) => v.kind === "edit");
  if (earlier.length) {
    const items = earlier.map((v) => `<li>${when(v.at)}: ${escapeHtml(v.content)}</li>`);
    out.push(`<details class="history"><summary>Earlier versions (${earlier.length})</summary><ol>${items.join("")}</ol></details>`);
  }
  return out;
}

const palettes: Record<TranscriptTheme, string> = {
  light:
    "--bg:#ffffff;--fg:#1f2328;--muted:#656d76;--line:#d0d7de;--embed:#f6f8fa;--link:#0969da;--code:#eff1f3;--mention:#e3e7fd;--mention-fg:#3b45b5",
  dark: "--bg:#14161d;--fg:#e6e8ee;--muted:#8b91a1;--line:#242834;--embed:#1b1e27;--link:#8ab4ff;--code:#262a35;--mention:#2e3357;--mention-fg:#c9d0ff",
};

export interface RenderBudget {
  /** Longest the whole rendering may take; past it the rest of the messages are left out, with a notice. */
  totalMs: number;
  /** Longest stretch without letting other requests run. */
  sliceMs: number;
}

export const defaultRenderBudget: RenderBudget = { totalMs: 2000, sliceMs: 8 };

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The messages as HTML, rendered in slices: between two slices other requests run, so one huge transcript never
 * stalls the server; past the total budget the rest is left out (and counted) instead of rendered.
 */
async function renderMessages(messages: TranscriptMessage[], budget: RenderBudget): Promise<{ html: string; shown: number }> {
  const parts: string[] = [];
  const started = performance.now();
  let sliceStarted = started;
  for (let i = 0; i < messages.length; i++) {
    const now = performance.now();
    if (now - started > budget.totalMs) return { html: parts.join("\n"), shown: i };
    if (now - sliceStarted > budget.sliceMs) {
      await yieldToOthers();
      sliceStarted = performance.now();
    }
    parts.push(renderMessage(messages[i], messages[i - 1]));
  }
  return { html: parts.join("\n"), shown: messages.length };
}

export async function renderTranscriptHtml(
  meta: TranscriptMeta,
  messages: TranscriptMessage[],
  theme: TranscriptTheme = "light",
  budget: RenderBudget = defaultRenderBudget,
): Promise<string> {
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
  const rendered = await renderMessages(messages, budget);
  const cut =
    rendered.shown < messages.length
      ? `\n<p class="cut" role="note">${escapeHtml(transcriptTooLong(rendered.shown, messages.length))}</p>`
      : "";
  const body = rendered.html + cut;
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
.embed-author{font-size:13px;font-weight:600;margin-bottom:4px;overflow-wrap:anywhere}
.embed-fields{display:grid;gap:8px;margin-top:6px}
.embed-field-row{display:grid;gap:8px}
.embed-field-name{font-weight:600;font-size:13px;white-space:pre-wrap;overflow-wrap:anywhere}
.embed-field-value{white-space:pre-wrap;overflow-wrap:anywhere}
.embed-media{margin-top:6px;font-size:13px;overflow-wrap:anywhere}
.embed-footer{margin-top:6px;color:var(--muted);font-size:12px;white-space:pre-wrap;overflow-wrap:anywhere}
.mention{background:var(--mention);color:var(--mention-fg);border-radius:3px;padding:0 2px;font-weight:500}
.mention.unknown{font-style:italic}
.reply{color:var(--muted);font-size:13px;overflow-wrap:anywhere;white-space:pre-wrap}
.audit,.history{color:var(--muted);font-size:12px;overflow-wrap:anywhere;white-space:pre-wrap}
.reply-author{font-weight:600}
.muted{color:var(--muted)}
.stickers{margin-top:6px;font-size:13px}
.sticker{display:inline-block;border:1px solid var(--line);border-radius:4px;padding:0 6px}
.attachments{list-style:none;margin:6px 0 0;padding:0}
.attachments li{padding-left:20px;background:no-repeat left center/14px url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%23888' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='m21.4 11.1-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5'/%3E%3C/svg%3E")}
a{color:var(--link);overflow-wrap:anywhere}
code{background:var(--code);padding:0 4px;border-radius:4px;font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px}
.cut{margin:16px 20px;padding:8px 12px;border:1px solid var(--line);border-radius:4px;color:var(--muted)}
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
