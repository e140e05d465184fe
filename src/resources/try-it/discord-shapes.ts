import { withMentionNames } from "../../schemas/message-parts";
import type { EmbedData } from "../engine/chat/EmbedPreview";

// Discord's JSON (as the demo platform stores it) → what the Try-it view draws. Everything is read defensively:
// the shapes come from the bot, but the view never trusts a field to be there or to have its type.

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : undefined);
const obj = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** An embed as the view draws it; `read` turns each of its texts into what the member reads (mentions as names). */
export function embedData(raw: Json, read: (text: string) => string = (text) => text): EmbedData {
  const color = typeof raw.color === "number" ? `#${raw.color.toString(16).padStart(6, "0")}` : undefined;
  const text = (v: unknown) => {
    const s = str(v);
    return s === undefined ? undefined : read(s);
  };
  return {
    color,
    title: text(raw.title),
    titleUrl: str(raw.url),
    description: text(raw.description),
    author: text(obj(raw.author).name),
    authorIconUrl: str(obj(raw.author).icon_url),
    authorUrl: str(obj(raw.author).url),
    footer: text(obj(raw.footer).text),
    footerIconUrl: str(obj(raw.footer).icon_url),
    imageUrl: str(obj(raw.image).url),
    thumbnailUrl: str(obj(raw.thumbnail).url),
    fields: arr(raw.fields).map((f) => ({
      FieldName: text(obj(f).name) ?? "",
      FieldValue: text(obj(f).value) ?? "",
      Inline: obj(f).inline === true,
    })),
  };
}

export interface ButtonComponent {
  kind: "button";
  customId: string;
  label: string;
  emoji?: string;
  style: number;
  disabled: boolean;
}
export interface SelectComponent {
  kind: "select";
  customId: string;
  placeholder?: string;
  disabled: boolean;
  options: { label: string; value: string; emoji?: string }[];
}
export type MessageComponent = ButtonComponent | SelectComponent;

const emojiText = (v: unknown) => str(obj(v).name);

/** Action rows → rows of buttons and selects (other component types are not drawn). */
export function componentRows(raw: unknown[]): MessageComponent[][] {
  return raw
    .map((row) =>
      arr(obj(row).components).flatMap((c): MessageComponent[] => {
        const o = obj(c);
        const customId = str(o.custom_id);
        if (!customId) return [];
        if (o.type === 2) {
          return [
            {
              kind: "button",
              customId,
              label: str(o.label) ?? "",
              emoji: emojiText(o.emoji),
              style: typeof o.style === "number" ? o.style : 2,
              disabled: o.disabled === true,
            },
          ];
        }
        if (o.type === 3) {
          return [
            {
              kind: "select",
              customId,
              placeholder: str(o.placeholder),
              disabled: o.disabled === true,
              options: arr(o.options).map((x) => ({
                label: str(obj(x).label) ?? "",
                value: str(obj(x).value) ?? "",
                emoji: emojiText(obj(x).emoji),
              })),
            },
          ];
        }
        return [];
      }),
    )
    .filter((row) => row.length > 0);
}

export interface ModalInput {
  customId: string;
  label: string;
  paragraph: boolean;
  required: boolean;
  minLength?: number;
  maxLength?: number;
  placeholder?: string;
  value?: string;
}

export interface ModalData {
  customId: string;
  title: string;
  inputs: ModalInput[];
}

export function modalData(raw: Json): ModalData {
  return {
    customId: str(raw.custom_id) ?? "",
    title: str(raw.title) ?? "",
    inputs: arr(raw.components).flatMap((row) =>
      arr(obj(row).components).flatMap((c): ModalInput[] => {
        const o = obj(c);
        const customId = str(o.custom_id);
        if (o.type !== 4 || !customId) return [];
        return [
          {
            // Discord's text inputs are required unless they say otherwise.
            customId,
            label: str(o.label) ?? "",
            paragraph: o.style === 2,
            required: o.required !== false,
            minLength: typeof o.min_length === "number" ? o.min_length : undefined,
            maxLength: typeof o.max_length === "number" ? o.max_length : undefined,
            placeholder: str(o.placeholder),
            value: str(o.value),
          },
        ];
      }),
    ),
  };
}

/** Mentions and channel links as readable text: <@id> → @name, <@&id> → @role name, <#id> → #channel. */
export function readableMentions(content: string, names: Map<string, string>): string {
  const byId = Object.fromEntries(names);
  return withMentionNames(content, { users: byId, roles: byId, channels: byId });
}
