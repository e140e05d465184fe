import type { APIEmbed } from "discord-api-types/v10";
import { clampText, countedLength, discordLimits as d, embedTextLength } from "../../src/schemas/discord-limits";
import type { BotMessage } from "./adapter";

// A bot message cut to Discord's limits (src/schemas/discord-limits.ts) so that Discord never refuses it for a length.
// The editors refuse such texts at save; this is for what was stored before a rule existed, for imports, and for
// what members type (a form's answers). A cut text ends in "…".

const ACTION_ROW = 1;
const BUTTON = 2;
const STRING_SELECT = 3;

/** A required text that would be empty (a field's name or value) shows a dash, as Discord refuses it empty. */
const orDash = (text: string) => (text === "" ? "—" : text);

/** The embed with each counted text passed through `edit` (given its part's own limit); empty optional parts dropped. */
function editTexts(embed: APIEmbed, edit: (text: string, max: number) => string): APIEmbed {
  const out: APIEmbed = { ...embed };
  const optional = <K extends "title" | "description">(key: K, max: number) => {
    if (embed[key] === undefined) return;
    const text = edit(embed[key]!, max);
    if (text) out[key] = text;
    else delete out[key];
  };
  optional("title", d.embedTitle);
  optional("description", d.embedDescription);
  if (embed.footer) {
    const text = edit(embed.footer.text ?? "", d.embedFooter);
    if (text) out.footer = { ...embed.footer, text };
    else delete out.footer;
  }
  if (embed.author) {
    const name = edit(embed.author.name ?? "", d.embedAuthor);
    if (name) out.author = { ...embed.author, name };
    else delete out.author;
  }
  if (embed.fields) {
    out.fields = embed.fields
      .slice(0, d.embedFields)
      .map((f) => ({ ...f, name: orDash(edit(f.name, d.embedFieldName)), value: orDash(edit(f.value, d.embedFieldValue)) }));
  }
  return out;
}

/** The largest length every text can keep so that all of them together fit `budget` (texts shorter keep theirs). */
function levelFor(lengths: number[], budget: number): number {
  let low = 1;
  let high = Math.max(1, ...lengths);
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    const sum = lengths.reduce((total, n) => total + Math.min(n, mid), 0);
    if (sum <= budget) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * Embeds within Discord's limits: at most 10, each part within its own limit (trimmed, as Discord counts it), and
 * all together within `budget` characters (6,000 by default). Over the total, the longest texts are shortened first,
 * to a common length, so titles, names and short fields stay whole while a long description gives way.
 */
export function fitEmbeds(embeds: readonly APIEmbed[], budget: number = d.embedTotal): APIEmbed[] {
  const clamped = embeds.slice(0, d.embeds).map((e) => editTexts(e, (text, max) => clampText(text.trim(), max)));
  if (embedTextLength(clamped) <= budget) return clamped;
  const lengths: number[] = [];
  for (const e of clamped) editTexts(e, (text) => (lengths.push(countedLength(text)), text));
  const level = levelFor(lengths, budget);
  return clamped.map((e) => editTexts(e, (text) => clampText(text, level)));
}

type Component = Record<string, unknown>;
const isComponent = (c: unknown): c is Component => !!c && typeof c === "object";

/** Buttons and selects within their limits: 5 rows of 5 buttons or one select, labels, placeholder, 25 options. */
function fitComponents(rows: readonly unknown[]): unknown[] {
  return rows.slice(0, d.actionRows).map((row) => {
    if (!isComponent(row) || row.type !== ACTION_ROW || !Array.isArray(row.components)) return row;
    const children = row.components
      .filter(isComponent)
      .slice(0, d.rowButtons)
      .map((c): Component => {
        if (c.type === BUTTON && typeof c.label === "string") return { ...c, label: clampText(c.label, d.buttonLabel) };
        if (c.type !== STRING_SELECT) return c;
        const options = Array.isArray(c.options) ? c.options.filter(isComponent).slice(0, d.selectOptions) : [];
        return {
          ...c,
          ...(typeof c.placeholder === "string" ? { placeholder: clampText(c.placeholder, d.selectPlaceholder) } : {}),
          options: options.map((o) => ({ ...o, label: clampText(String(o.label ?? ""), d.selectOptionLabel) })),
        };
      });
    return { ...row, components: children };
  });
}

/** A message within Discord's limits: content 2,000, its embeds (fitEmbeds), its components. */
export function fitMessage<M extends BotMessage>(message: M): M {
  const out: M = { ...message };
  if (message.content !== undefined) out.content = clampText(message.content, d.content);
  if (message.embeds) out.embeds = fitEmbeds(message.embeds);
  if (message.components) out.components = fitComponents(message.components);
  return out;
}
